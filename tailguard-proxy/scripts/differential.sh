#!/usr/bin/env bash
# The proxy's differential suite against tailguard, nginx and HAProxy, each in front of the same
# recording backend (a test class), and a table of what each proxy's clients saw per vector and
# how many invariants broke. Everything binds 127.0.0.1 only. nginx and HAProxy get the settings
# the in-process tailguard gets (tailguard-proxy/src/test/java/.../differential/Tailguard.java):
# 16 client connections, 4 requests at the backend, 8 queued for 1 s, 1 s to a response head and
# to a request head, 1 s for a request body to come, 5 s idle keep-alive, 4 KiB of headers, 64 KiB
# of body.
#
# Usage: tailguard-proxy/scripts/differential.sh    (needs nginx and haproxy; a missing one is skipped)
set -euo pipefail
export PATH="$PATH:/usr/local/sbin:/usr/sbin:/sbin"
root="$(cd "$(dirname "$0")/../.." && pwd)"
# shellcheck source=../../tailguard-bench/scripts/local-servers.sh
source "$root/tailguard-bench/scripts/local-servers.sh" differential
# joined NAME PORT VERSION: the peer just started in the background is waited for and becomes a target
joined() {
  pids+=($!)
  await_port "$2"
  targets+=(--target "$1=127.0.0.1:$2")
  versions+=("$3")
}

(cd "$root" && mvn -B -o -q -pl tailguard-proxy -am test-compile dependency:build-classpath \
  -Dmdep.includeScope=test -Dmdep.outputFile="$work/classpath.txt") >&2
classpath="$root/tailguard-proxy/target/test-classes:$root/tailguard-proxy/target/classes:$(cat "$work/classpath.txt")"

backend_port=$(free_port)
targets=()
versions=()

if command -v nginx >/dev/null; then
  nginx_port=$(free_port)
  nginx_conf "$work/nginx" 1 64 "client_header_timeout 1s; client_body_timeout 1s; keepalive_timeout 5s;
  large_client_header_buffers 4 4k; client_max_body_size 64k;
  upstream app { server 127.0.0.1:$backend_port max_conns=4; keepalive 8; }
  server {
    listen 127.0.0.1:$nginx_port;
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection \"\";
      proxy_set_header Host \$http_host;
      proxy_connect_timeout 1s; proxy_read_timeout 1s; proxy_send_timeout 1s;
    }
  }"
  nginx -c "$work/nginx/nginx.conf" -p "$work/nginx" &
  joined nginx "$nginx_port" "$(nginx -v 2>&1)"
else
  echo "nginx is missing: its column is left out (apt-get install nginx)" >&2
fi

if command -v haproxy >/dev/null; then
  haproxy_port=$(free_port)
  cat >"$work/haproxy.cfg" <<CONF
global
  maxconn 64
defaults
  mode http
  timeout connect 1s
  timeout client 5s
  timeout server 1s
  timeout http-request 1s
  timeout http-keep-alive 5s
  timeout queue 1s
frontend clients
  bind 127.0.0.1:$haproxy_port
  maxconn 16
  default_backend app
backend app
  server app 127.0.0.1:$backend_port maxconn 4 maxqueue 8
CONF
  haproxy -db -f "$work/haproxy.cfg" &
  joined haproxy "$haproxy_port" "$(haproxy -v 2>&1 | sed -n 1p)"
else
  echo "haproxy is missing: its column is left out (apt-get install haproxy)" >&2
fi

echo "$(date -u '+%Y-%m-%d %H:%M UTC'); $(git -C "$root" rev-parse --short HEAD); ${versions[*]:-}"
java -cp "$classpath" io.tailguard.proxy.differential.DifferentialMain --backend-port "$backend_port" "${targets[@]}"
