#!/usr/bin/env bash
# What one round trip costs, per command, without a JVM: redis-benchmark (one connection, one
# request at a time) against a Redis of its own on a free loopback port. Prints, for our GCRA script
# (an admitting decision on Redis TIME, the path one caller on the hot key takes), a plain GET and a
# compare-and-swap script of the shape Bucket4j sends (GET, compare, PSETEX), the median round trip
# and the median server time per call (INFO commandstats usec_per_call) over ROUNDS interleaved rounds;
# also a script that makes only the calls ours must make (TIME, GET, SET with a TTL, three numbers
# back) with no arithmetic, the floor for any GCRA script, and any other version of gcra.lua given
# as OLD_SCRIPT (for example one extracted with git show COMMIT:tailguard-redis/src/main/resources/io/tailguard/redis/gcra.lua).
# Bucket4j's decision costs a GET plus its compare-and-swap, ours one EVALSHA, so ours reaches 2x
# only if our round trip is at most the mean of the other two.
# Usage: flock /work/bench.lock tailguard-bench/scripts/redis-round-trips.sh [ROUNDS] [REQUESTS] [OLD_SCRIPT]
#   defaults: 5 rounds of 30,000 requests per command (about 30 s). Needs redis-server, redis-cli
#   and redis-benchmark (Debian package redis-server, which ships all three).
set -euo pipefail
rounds=${1:-5} requests=${2:-30000} old=${3:-}
here="$(cd "$(dirname "$0")" && pwd)"
script="$here/../../tailguard-redis/src/main/resources/io/tailguard/redis/gcra.lua"
for tool in redis-cli redis-benchmark; do
  command -v "$tool" >/dev/null || { echo "$tool is not installed (Debian package redis-server)" >&2; exit 2; }
done
# shellcheck source=own-redis.sh
source "$here/own-redis.sh"
cli() { redis-cli -p "$port" "$@"; }
sha="$(cli script load "$(cat "$script")")"
cas="local v = redis.call('GET', KEYS[1]) if v == ARGV[1] then redis.call('PSETEX', KEYS[1], ARGV[3], ARGV[2]) return 1 end return 0"
calls="redis.call('TIME') redis.call('GET', KEYS[1]) redis.call('SET', KEYS[1], 'state', 'PX', 1000) return {1, 2, 0}"
calls_sha="$(cli script load "$calls")"
old_sha=""
if [[ -n "$old" ]]; then
  old_sha="$(cli script load "$(cat "$old")")"
fi
cli set cas-key state >/dev/null

echo "start $(date -u '+%a %b %d %Y %H:%M:%S UTC'), load $(cut -d' ' -f1-3 /proc/loadavg), code $(git -C "$here" rev-parse --short HEAD), $(redis-server --version | cut -d' ' -f1-3)"
# one round: prints "name round-trip-us server-us"
measure() {
  local name=$1 stat=$2; shift 2
  cli config resetstat >/dev/null
  local rps
  rps="$(redis-benchmark -p "$port" -c 1 -n "$requests" -q "$@" | grep -o '[0-9.]* requests per second' | head -1 | cut -d' ' -f1)"
  local server
  server="$(cli info commandstats | tr -d '\r' | grep "^cmdstat_$stat:" | sed 's/.*usec_per_call=\([0-9.]*\).*/\1/')"
  echo "$name $(python3 -c "print(1e6 / $rps)") $server"
}
{
  for _ in $(seq 1 "$rounds"); do
    # 10^6 tokens a second, bursts of 10^6: every call admits and writes, as one caller's do
    measure ours-evalsha evalsha evalsha "$sha" 1 'bench{ours}' 1000000 1 1000 1 1 1 1 r
    if [[ -n "$old_sha" ]]; then
      measure old-evalsha evalsha evalsha "$old_sha" 1 'bench{old}' 1000000 1 1000 1 1 1 1 r
    fi
    measure calls-only evalsha evalsha "$calls_sha" 1 'bench{calls}'
    measure get get get cas-key
    measure cas-eval eval eval "$cas" 1 cas-key state state 1000
  done
} >"$work/rounds"
echo "end   $(date -u '+%a %b %d %Y %H:%M:%S UTC'), load $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$work/rounds" <<'PY'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    name, trip, server = line.split()
    rows.setdefault(name, []).append((float(trip), float(server)))
med = {k: (statistics.median(t for t, _ in v), statistics.median(s for _, s in v)) for k, v in rows.items()}
print("| command | round trip µs | server µs per call |")
print("|---|---:|---:|")
for name in ("old-evalsha", "ours-evalsha", "calls-only", "get", "cas-eval"):
    if name not in med:
        continue
    print(f"| {name} | {med[name][0]:.1f} | {med[name][1]:.2f} |")
ours, theirs = med["ours-evalsha"][0], med["get"][0] + med["cas-eval"][0]
print(f"\nGET + compare-and-swap {theirs:.1f} µs against one EVALSHA {ours:.1f} µs: {theirs / ours:.2f}x"
      f" (2x needs our round trip at most {theirs / 2:.1f} µs)")
PY
