#!/usr/bin/env bash
# What tailguard load and wrk report about a server that freezes 1 s in every 5 s (the comparison
# in tailguard-load/README.md). Starts `tailguard load test-server` on a free loopback port, runs
# tailguard load at a constant rate, then wrk with the same connections and duration, and prints
# both reports' percentiles. Hold the measurement lock:
#   flock /work/bench.lock tailguard-bench/scripts/freeze-vs-wrk.sh [RATE] [DURATION]
# RATE defaults to 2000 requests/s, DURATION to 30s. Needs wrk and the CLI jar (./tailguard builds it).
set -euo pipefail
rate=${1:-2000}
duration=${2:-30s}
root="$(cd "$(dirname "$0")/../.." && pwd)"
command -v wrk >/dev/null || { echo "$0: wrk is needed (Debian package wrk)" >&2; exit 2; }
tmp="$(mktemp -d "${TMPDIR:-/tmp}/tailguard-freeze.XXXXXX")"
"$root/tailguard" load test-server --freeze 1s --every 5s >"$tmp/server.txt" &
server_pid=$!
trap 'kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; rm -rf "$tmp"' EXIT
for _ in $(seq 100); do
  grep -q 'http://' "$tmp/server.txt" 2>/dev/null && break
  sleep 0.1
done
url="$(grep -o 'http://[0-9.:]*/' "$tmp/server.txt")"
echo "== $(date -u '+%a %b %d %Y %H:%M:%S UTC'), $(nproc) vCPU, load $(cut -d' ' -f1-3 /proc/loadavg)"
cat "$tmp/server.txt"
echo "== tailguard load $url --rate $rate --duration $duration --connections 10"
"$root/tailguard" load "$url" --rate "$rate" --duration "$duration" --connections 10 --output-dir "$tmp/out" \
  2>/dev/null | grep -E '^== rate|^ +[0-9.]+%|ok [0-9]+ +shed|generator:' | head -22
cat "$tmp/out/load-summary.csv"
echo "== wrk -t2 -c10 -d$duration --latency $url"
wrk -t2 -c10 -d"$duration" --latency "$url"
