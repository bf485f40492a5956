#!/usr/bin/env bash
# Requests/s and CPU per request through three HTTP proxies in front of the same backend, in one
# run: the tailguard proxy, nginx as a reverse proxy and HAProxy. The backend is nginx serving a
# small static response on another port. wrk drives each proxy with the same connections and
# threads; rounds interleave the proxies so that drifts of a shared machine hit them alike.
# Access logs are off for all three. CPU is the proxy's utime+stime (its process and children, /proc/<pid>/stat) over the measured
# wrk run, divided by the requests wrk completed.
#
# Usage: tailguard-bench/scripts/proxy-throughput.sh [ROUNDS] [SECONDS] [CONNECTIONS] [WRK_THREADS]
#   defaults: 3 rounds, 10 s per measurement, 64 connections, 2 wrk threads.
# Warm-up: before its first measurement each proxy takes WARMUP seconds of the same load (default 30),
# long enough for the JIT to finish compiling the tailguard proxy's hot path, in wrk runs of at most
# 10 s, then, as before every measurement, 3 s more: the first times connections close, the JVM
# throws away and recompiles part of the read and write paths, and the measured window must not pay
# for it.
# Needs nginx, haproxy and wrk (Debian packages nginx, haproxy, wrk) and the CLI jar
# (./tailguard --version builds it). The proxy is started with ./tailguard, so with its default JVM
# flags for the proxy (TAILGUARD_JAVA_OPTS overrides them). Hold the benchmark lock on a shared machine:
#   flock /work/bench.lock tailguard-bench/scripts/proxy-throughput.sh
# PROXIES="nginx haproxy" measures a subset. Prints one line per measurement and a table of medians.
set -euo pipefail
rounds=${1:-3} seconds=${2:-10} conns=${3:-64} wrk_threads=${4:-2}
warmup=${WARMUP:-30}
proxies=${PROXIES:-tailguard nginx haproxy}
export PATH="$PATH:/usr/local/sbin:/usr/sbin:/sbin"
root="$(cd "$(dirname "$0")/../.." && pwd)"
jar="$root/tailguard-cli/target/tailguard.jar"
for program in nginx haproxy wrk; do
  command -v "$program" >/dev/null || { echo "$program is missing: apt-get install $program" >&2; exit 2; }
done
[[ " $proxies " != *" tailguard "* || -f "$jar" ]] || { echo "missing $jar; build it with: ./tailguard --version" >&2; exit 2; }

# shellcheck source=local-servers.sh
source "$root/tailguard-bench/scripts/local-servers.sh" proxy-bench
start() { # name command...
  local name=$1; shift
  "$@" >"$work/$name.out" 2>&1 &
  pids+=($!)
  eval "pid_$name=$!"
}

backend=$(free_port) p_nginx=$(free_port) p_haproxy=$(free_port) p_tailguard=$(free_port)
body='tailguard proxy benchmark: a small static response\n'
nginx_conf "$work/backend" auto 4096 "server { listen 127.0.0.1:$backend; location / { return 200 '$body'; } }"
start backend nginx -p "$work/backend/" -c "$work/backend/nginx.conf" -e "$work/backend/error.log"
nginx_conf "$work/nginx" auto 4096 "upstream b { server 127.0.0.1:$backend; keepalive 64; }
  server { listen 127.0.0.1:$p_nginx; location / { proxy_pass http://b; proxy_http_version 1.1;
    proxy_set_header Connection \"\"; } }"
start nginx nginx -p "$work/nginx/" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log"
cat >"$work/haproxy.cfg" <<CONF
global
  maxconn 4096
defaults
  mode http
  timeout connect 5s
  timeout client 30s
  timeout server 30s
frontend f
  bind 127.0.0.1:$p_haproxy
  default_backend b
backend b
  http-reuse always
  server s1 127.0.0.1:$backend
CONF
start haproxy haproxy -db -f "$work/haproxy.cfg"
# Started through the launcher, so the proxy runs with the JVM flags `./tailguard proxy` uses.
[[ " $proxies " == *" tailguard "* ]] && start tailguard "$root/tailguard" proxy --listen "127.0.0.1:$p_tailguard" --backend "127.0.0.1:$backend" \
  --max-conns 1000 --queue 1000 --queue-timeout 10s --access-log off ${TAILGUARD_PROXY_OPTS:-}
await_port "$backend"
for proxy in $proxies; do port_var="p_$proxy"; await_port "${!port_var}"; done

# utime+stime in clock ticks of a process and its children (nginx master and workers)
ticks() {
  local total=0 pid
  for pid in $1 $(pgrep -P "$1" || true); do
    total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat")))
  done
  echo "$total"
}
hz=$(getconf CLK_TCK)
[[ " $proxies " == *" tailguard "* ]] && echo "tailguard runs: $(tr '\0' ' ' <"/proc/$pid_tailguard/cmdline")"
echo "proxy round requests_per_s cpu_us_per_request errors"
for round in $(seq 1 "$rounds"); do
  for proxy in $proxies; do
    port_var="p_$proxy" pid_var="pid_$proxy"
    url="http://127.0.0.1:${!port_var}/"
    for (( left = round == 1 ? warmup : 0; left > 0; left -= 10 )); do
      wrk -t "$wrk_threads" -c "$conns" -d "$(( left < 10 ? left : 10 ))s" "$url" >/dev/null
    done
    wrk -t "$wrk_threads" -c "$conns" -d 3s "$url" >/dev/null
    before=$(ticks "${!pid_var}")
    out=$(wrk -t "$wrk_threads" -c "$conns" -d "${seconds}s" "$url")
    after=$(ticks "${!pid_var}")
    requests=$(sed -n 's/^ *\([0-9]*\) requests in.*/\1/p' <<<"$out")
    rps=$(sed -n 's/^Requests\/sec: *//p' <<<"$out")
    errors=$(awk '/Non-2xx or 3xx responses:/{n+=$NF} /Socket errors:/{gsub(/,/,""); n+=$4+$6+$8+$10} END{print n+0}' <<<"$out")
    cpu=$(awk -v t=$((after - before)) -v hz="$hz" -v n="$requests" 'BEGIN{printf "%.1f", t / hz * 1e6 / n}')
    echo "$proxy $round $rps $cpu $errors"
  done
done | tee "$work/rows"
echo
echo "medians over $rounds rounds: wrk -t $wrk_threads -c $conns -d ${seconds}s, $(nproc) CPUs, $(date -u '+%F %H:%M UTC')"
printf '%-10s %14s %18s %14s %7s\n' proxy requests_per_s cpu_us_per_request vs_nginx errors
median() { sort -n | awk '{a[NR]=$1} END{print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
nginx_rps=$(awk '$1=="nginx"{print $3}' "$work/rows" | median)
for proxy in $proxies; do
  rps=$(awk -v p=$proxy '$1==p{print $3}' "$work/rows" | median)
  cpu=$(awk -v p=$proxy '$1==p{print $4}' "$work/rows" | median)
  errors=$(awk -v p=$proxy '$1==p{n+=$5} END{print n+0}' "$work/rows")
  printf '%-10s %14.0f %18.1f %14.2f %7d\n' "$proxy" "$rps" "$cpu" "$(awk -v a="$rps" -v b="$nginx_rps" 'BEGIN{print a/b}')" "$errors"
done
