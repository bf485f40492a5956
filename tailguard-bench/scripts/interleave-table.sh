#!/usr/bin/env bash
# Interleaved JMH runs for a results table: every round runs each (threads, path, benchmark) in its
# own JVM, one after another, so slow drifts of a shared machine hit every subject alike; with
# -prof gc, so ns/op and B/op come from the same runs. Prints one TSV line per measured iteration
#   label  round  threads  path  benchmark  ns/op  B/op
# and, at the end, the medians per (threads, path, benchmark) (summarize-table.py).
# Usage: tailguard-bench/scripts/interleave-table.sh ROUNDS "THREADS..." "PATHS..." BENCHMARK...
#   PATHS are values of the benchmarks' path parameter (admit reject), or - for none; benchmarks of
#   ClockBenchmark run once per round and thread count, without a path.
# Environment: JAR (default tailguard-bench/target/benchmarks.jar), LABEL (default: the git commit),
# LOCK (default /work/bench.lock, held by flock around each JVM so other measurements wait, not mix).
# Needs the built jar: mvn -B -q -pl tailguard-bench -am package -DskipTests
set -euo pipefail
if [[ $# -lt 4 ]]; then
  echo "usage: $0 ROUNDS \"THREADS...\" \"PATHS...\" BENCHMARK..." >&2
  exit 2
fi
rounds=$1 threads_list=$2 paths=$3
shift 3
here="$(cd "$(dirname "$0")" && pwd)"
jar="${JAR:-$here/../target/benchmarks.jar}"
label="${LABEL:-$(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo unknown)}"
if [[ ! -f "$jar" ]]; then
  echo "missing $jar; build it with: mvn -B -q -pl tailguard-bench -am package -DskipTests" >&2
  exit 2
fi
out="$(mktemp)"
trap 'rm -f "$out" "$out.json"' EXIT
for round in $(seq 1 "$rounds"); do
  for threads in $threads_list; do
    for bench in "$@"; do
      if [[ "$bench" == ClockBenchmark.* ]]; then bench_paths="-"; else bench_paths="$paths"; fi
      for path in $bench_paths; do
        params=()
        [[ "$path" != "-" ]] && params=(-p "path=$path")
        echo "# $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) round $round t=$threads $path $bench" >&2
        flock "${LOCK:-/work/bench.lock}" java -jar "$jar" "$bench\$" "${params[@]}" -t "$threads" -f 1 -wi 2 -w 1s -i 3 -r 1s -prof gc \
          -rf json -rff "$out.json" > /dev/null 2>&1 || { echo "# failed: $bench" >&2; continue; }
        python3 - "$out.json" "$label" "$round" "$threads" "$path" "$bench" >> "$out" <<'PY'
import json, sys
data = json.load(open(sys.argv[1]))
label, rnd, threads, path, bench = sys.argv[2:7]
for run in data:
    alloc = run["secondaryMetrics"].get("gc.alloc.rate.norm", {}).get("score", float("nan"))
    for it in run["primaryMetric"]["rawData"][0]:
        print(f"{label}\t{rnd}\t{threads}\t{path}\t{bench}\t{it:.3f}\t{alloc:.3f}")
PY
      done
    done
  done
done
cat "$out"
echo
python3 "$here/summarize-table.py" < "$out"
