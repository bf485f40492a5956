# Sourced by the scripts that start servers of their own on 127.0.0.1 (the benchmarks here and
# tailguard-proxy/scripts/differential.sh): a temporary directory that is removed, with every
# process listed in pids stopped, when the script exits; free loopback ports; waiting for a
# listener; and the frame of an nginx configuration that keeps all of nginx's files in a directory.
# Usage: source local-servers.sh NAME   (the temporary directory is tailguard-NAME.XXXXXX)
# Sets: work (the temporary directory), pids (append $! of each process started in the background).
work="$(mktemp -d "${TMPDIR:-/tmp}/tailguard-$1.XXXXXX")"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }
await_port() {
  for _ in $(seq 1 200); do
    (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
    sleep 0.05
  done
  echo "nothing listens on 127.0.0.1:$1" >&2; exit 1
}

# nginx_conf DIR WORKERS CONNECTIONS BODY...: writes DIR/nginx.conf, nginx in the foreground with
# WORKERS worker processes of CONNECTIONS connections each, its pid, error log and temporary files
# in DIR, no access log, and BODY inside the http block.
nginx_conf() {
  local dir=$1 workers=$2 connections=$3; shift 3
  mkdir -p "$dir"
  cat >"$dir/nginx.conf" <<CONF
daemon off;
worker_processes $workers;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections $connections; }
http {
  access_log off;
  client_body_temp_path $dir/client_body; proxy_temp_path $dir/proxy; fastcgi_temp_path $dir/fastcgi;
  uwsgi_temp_path $dir/uwsgi; scgi_temp_path $dir/scgi;
  $*
}
CONF
}
