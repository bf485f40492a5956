#!/usr/bin/env bash
# Runs RedisLimitBenchmark once (ours beside Bucket4j's Lettuce integration) against a Redis of its
# own on a free loopback port, and prints the table of tailguard-bench/RESULTS.md ("Cluster-wide
# rate limit on Redis"): decisions/s and admitted/s (medians of the measured iterations), p99 of one
# decision (JMH sample mode, all samples), and the share of our decisions that went to Redis.
# Usage: flock /work/bench.lock tailguard-bench/scripts/redis-limit.sh [ITERATIONS] [SECONDS]
#   defaults: 5 measured iterations of 2 s after one 2 s warm-up, per benchmark and mode (about 8
#   minutes). JMH's JSON and log stay in /tmp/redis-limit-<time>.{json,log}.
# Needs redis-server (Debian package redis-server) and the built benchmarks jar:
#   mvn -B -q -pl tailguard-bench -am package -DskipTests
set -euo pipefail
iterations=${1:-5} seconds=${2:-2}
here="$(cd "$(dirname "$0")" && pwd)"
jar="$here/../target/benchmarks.jar"
if [[ ! -f "$jar" ]]; then
  echo "missing $jar; build it with: mvn -B -q -pl tailguard-bench -am package -DskipTests" >&2
  exit 2
fi
# shellcheck source=own-redis.sh
source "$here/own-redis.sh"

echo "start $(date -u '+%a %b %d %Y %H:%M:%S UTC'), load $(cut -d' ' -f1-3 /proc/loadavg), code $(git -C "$here" rev-parse --short HEAD)"
echo "$(java -version 2>&1 | head -1); $(redis-server --version | cut -d' ' -f1-3)"
out="/tmp/redis-limit-$(date -u +%Y%m%dT%H%M%S)"
java -jar "$jar" 'RedisLimitBenchmark' -p "uri=redis://127.0.0.1:$port" -f 1 -wi 1 -w "${seconds}s" \
  -i "$iterations" -r "${seconds}s" -bm thrpt,sample -rf json -rff "$out.json" >"$out.log" 2>&1 \
  || { tail -40 "$out.log" >&2; exit 1; }
echo "end   $(date -u '+%a %b %d %Y %H:%M:%S UTC'), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "JMH output: $out.json, $out.log"
python3 - "$out.json" "$out.log" <<'PY'
import json, re, statistics, sys
results = json.load(open(sys.argv[1]))
cell = {}
for r in results:
    name = r["benchmark"].rsplit(".", 1)[1]            # callers01Ours
    m = re.match(r"callers(\d+)(Ours|Bucket4j)", name)
    key = (r["params"]["keys"], int(m.group(1)), m.group(2))
    c = cell.setdefault(key, {})
    if r["mode"] == "thrpt":
        c["rate"] = statistics.median(x for it in r["primaryMetric"]["rawData"] for x in it)
        err = r["primaryMetric"]["scoreError"]
        c["rate_err"] = err if isinstance(err, (int, float)) else float("nan")
        adm = r["secondaryMetrics"].get("admitted")
        c["admitted"] = statistics.median(x for it in adm["rawData"] for x in it) if adm else float("nan")
    else:
        c["p99"] = r["primaryMetric"]["scorePercentiles"]["99.0"] * 1e6   # s/op -> us
# our decisions that went to Redis, from the forks' tear-down lines (throughput trials only)
calls, mode, bench = {}, None, None
for line in open(sys.argv[2]):
    if line.startswith("# Benchmark mode:"):
        mode = line.split(":", 1)[1].strip()
    m = re.match(r"# Benchmark: .*callers(\d+)Ours", line)
    if line.startswith("# Benchmark: "):
        bench = int(m.group(1)) if m else None
    m = re.search(r"ours-redis-calls keys=(\w+) decisions=(\d+) known-refusals=(\d+) redis=(\d+)", line)
    if m and bench is not None and mode.startswith("Throughput"):
        calls[(m.group(1), bench)] = int(m.group(4)) / int(m.group(2))
print("| keys | callers | ours decisions/s | Bucket4j decisions/s | ours ÷ Bucket4j | ours admitted/s"
      " | Bucket4j admitted/s | ours Redis calls per decision | ours p99 µs | Bucket4j p99 µs |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for keys in ("hot", "many"):
    for n in (1, 8, 64):
        o, b = cell[(keys, n, "Ours")], cell[(keys, n, "Bucket4j")]
        print(f"| {keys} | {n} | {o['rate']:.0f} | {b['rate']:.0f} | {o['rate'] / b['rate']:.2f} | "
              f"{o['admitted']:.0f} | {b['admitted']:.0f} | {calls.get((keys, n), float('nan')):.4f} | "
              f"{o['p99']:.1f} | {b['p99']:.1f} |")
print()
print("JMH's error (99.9%) of the decisions/s, ours / Bucket4j: " + "; ".join(
    f"{k} {n}: ±{cell[(k, n, 'Ours')]['rate_err']:.0f} / ±{cell[(k, n, 'Bucket4j')]['rate_err']:.0f}"
    for k in ("hot", "many") for n in (1, 8, 64)))
PY
