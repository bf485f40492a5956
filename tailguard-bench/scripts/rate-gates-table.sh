#!/usr/bin/env bash
# The "Rate gates" table of RESULTS.md, with its physical-limit rows: ours end to end (the token
# bucket also at a fractional emission interval) and given nowNanos, the three peers, and the
# clock and CAS floors, admit and reject, 1 and 2 threads, interleaved ROUNDS times (default 2).
# Usage: tailguard-bench/scripts/rate-gates-table.sh [ROUNDS]
set -euo pipefail
exec "$(dirname "$0")/interleave-table.sh" "${1:-2}" "1 2" "admit reject" \
  RateGateBenchmark.tokenBucketEndToEnd RateGateBenchmark.tokenBucketFractionalEndToEnd \
  RateGateBenchmark.fixedWindowEndToEnd \
  RateGateBenchmark.peerResilience4j RateGateBenchmark.peerBucket4j RateGateBenchmark.peerGuava \
  RateGateBenchmark.tokenBucketDecision RateGateBenchmark.fixedWindowDecision \
  ClockBenchmark.nanoTime ClockBenchmark.nanoTimePlusCas ClockBenchmark.casGivenNow
