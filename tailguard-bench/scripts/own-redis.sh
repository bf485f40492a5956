# Sourced by the Redis benchmark scripts: starts a redis-server of their own on a free loopback port
# (no persistence, in a temporary directory) and stops it when the script exits.
# Sets: work (the temporary directory), port, redis_pid.
if ! command -v redis-server >/dev/null; then
  echo "redis-server is not installed (Debian package redis-server)" >&2
  exit 2
fi
work="$(mktemp -d)"
port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$work" >"$work/redis.log" 2>&1 &
redis_pid=$!
trap 'kill "$redis_pid" 2>/dev/null; wait "$redis_pid" 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do
  redis-cli -p "$port" ping >/dev/null 2>&1 && break
  sleep 0.1
done
redis-cli -p "$port" ping >/dev/null || { echo "redis-server did not start: $(cat "$work/redis.log")" >&2; exit 1; }
