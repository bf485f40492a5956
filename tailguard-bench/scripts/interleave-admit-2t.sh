#!/usr/bin/env bash
# Two-thread, admit path, end to end: runs the rate gates and their peers one after another,
# ROUNDS times, so that slow drifts of a shared machine hit every subject alike. Prints one line
# per measured iteration: "<round> <benchmark> Iteration N: <ns/op> ns/op".
# Usage: tailguard-bench/scripts/interleave-admit-2t.sh [ROUNDS]   (default 6; needs the built
# tailguard-bench/target/benchmarks.jar: mvn -B -q -pl tailguard-bench -am package -DskipTests)
set -euo pipefail
rounds=${1:-6}
jar="$(dirname "$0")/../target/benchmarks.jar"
if [[ ! -f "$jar" ]]; then
  echo "missing $jar; build it with: mvn -B -q -pl tailguard-bench -am package -DskipTests" >&2
  exit 2
fi
for round in $(seq 1 "$rounds"); do
  for bench in tokenBucketEndToEnd fixedWindowEndToEnd peerResilience4j peerBucket4j peerGuava; do
    java -jar "$jar" "RateGateBenchmark.$bench\$" -p path=admit -t 2 -f 1 -wi 2 -w 1s -i 3 -r 1s \
      | grep -E '^Iteration' | sed "s/^/$round $bench /" || true
  done
done
