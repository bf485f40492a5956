#!/usr/bin/env bash
# tailguard load beside wrk against nginx serving a small static file, on loopback.
#
# 1. wrk's closed-loop maximum: wrk -t2 -c10 (its defaults) as fast as nginx answers.
# 2. tailguard load's maximum sustained open-loop rate: steps of --rate in one run; a step is
#    sustained when every scheduled request was answered 200 within the timeout, and latency from
#    the due time stayed at p50 < 1 ms and p90 < 10 ms. Past saturation the backlog grows for the whole
#    step and the median follows it (tens of ms and more); on a shared machine, stalls of other
#    processes show in p99 but not in the median.
# Starts its own nginx (daemon off, one worker, pid/logs/temp paths in a temp dir) on a free
# loopback port and stops it at the end. Hold the measurement lock around it:
#   flock /work/bench.lock tailguard-bench/scripts/load-vs-wrk.sh [RATES] [DURATION]
# RATES defaults to 10000,20000,...,120000; DURATION (per step and for
# wrk) to 5s. Needs nginx, wrk and the CLI jar (./tailguard builds it).
set -euo pipefail
rates=${1:-10000,20000,30000,40000,50000,60000,70000,80000,90000,100000,110000,120000}
duration=${2:-5s}
root="$(cd "$(dirname "$0")/../.." && pwd)"
for tool in nginx wrk; do
  command -v "$tool" >/dev/null || { echo "$0: $tool is needed (Debian package $tool)" >&2; exit 2; }
done
# shellcheck source=local-servers.sh
source "$root/tailguard-bench/scripts/local-servers.sh" load-bench
chmod 755 "$work"
port=$(free_port)
mkdir -p "$work/www"
printf 'tailguard load benchmark: a small static file\n' > "$work/www/index.html"
chmod -R a+rX "$work/www"
nginx_conf "$work" 1 1024 "keepalive_requests 10000000;
  server {
    listen 127.0.0.1:$port;
    root $work/www;
  }"
nginx -p "$work" -c "$work/nginx.conf" &
pids+=($!)
await_port "$port"
url="http://127.0.0.1:$port/index.html"
echo "== $(date -u '+%a %b %d %Y %H:%M:%S UTC'), $(nproc) vCPU, load $(cut -d' ' -f1-3 /proc/loadavg), nginx $(nginx -v 2>&1 | cut -d/ -f2)"
echo "== wrk -t2 -c10 -d$duration --latency $url"
wrk -t2 -c10 -d"$duration" --latency "$url" | tee "$work/wrk.txt"
echo "== tailguard load $url --rate $rates --duration $duration --warmup 2s --connections 10"
"$root/tailguard" load "$url" --rate "$rates" --duration "$duration" --warmup 2s --connections 10 ${LOAD_OPTS:-} \
  --output-dir "$work/out" 2>"$work/progress.txt" | grep -E '^== rate|^ +(50|99)\.000%|generator:' || true
echo "== load-summary.csv"
cat "$work/out/load-summary.csv"
wrk_rps="$(awk '/^Requests\/sec/ {print $2}' "$work/wrk.txt")"
passed="$(awk -F, 'NR > 1 && $4 == $3 && $5 == 0 && $6 == 0 && $7 == 0 && $8 != "" && $8 < 1 && $9 < 10 {sub("/s$", "", $1); print $1}' \
  "$work/out/load-summary.csv" | paste -sd, -)"
best="$(tr , '\n' <<<"${passed:-0}" | sort -n | tail -1)"
echo "== steps sustained: ${passed:-none}"
echo "== result: wrk closed-loop max $wrk_rps req/s; tailguard load max sustained open-loop rate $best req/s;" \
  "ratio $(awk -v a="$best" -v b="$wrk_rps" 'BEGIN {printf "%.2f", a / b}')"
