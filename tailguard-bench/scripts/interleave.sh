#!/usr/bin/env bash
# Runs JMH benchmarks one after another, ROUNDS times, so that slow drifts of a shared machine
# hit every subject alike. Prints one line per measured iteration:
#   "<round> <benchmark> Iteration N: <ns/op> ns/op"
# Usage: tailguard-bench/scripts/interleave.sh ROUNDS THREADS PATH BENCHMARK...
#   BENCHMARK is Class.method (for example ConcurrencyLimiterBenchmark.oursDecision); PATH is the
#   benchmarks' path parameter (admit or reject), or - for benchmarks without one.
# Needs the built tailguard-bench/target/benchmarks.jar:
#   mvn -B -q -pl tailguard-bench -am package -DskipTests
set -euo pipefail
if [[ $# -lt 4 ]]; then
  echo "usage: $0 ROUNDS THREADS PATH BENCHMARK..." >&2
  exit 2
fi
rounds=$1 threads=$2 path=$3
shift 3
jar="$(dirname "$0")/../target/benchmarks.jar"
if [[ ! -f "$jar" ]]; then
  echo "missing $jar; build it with: mvn -B -q -pl tailguard-bench -am package -DskipTests" >&2
  exit 2
fi
for round in $(seq 1 "$rounds"); do
  for bench in "$@"; do
    params=()
    if [[ "$path" != "-" && "$bench" != ClockBenchmark.* ]]; then
      params=(-p "path=$path")
    fi
    java -jar "$jar" "$bench\$" "${params[@]}" -t "$threads" -f 1 -wi 2 -w 1s -i 3 -r 1s \
      | grep -E '^Iteration' | sed "s/^/$round $bench /" || true
  done
done
