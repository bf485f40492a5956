#!/usr/bin/env bash
# Two-thread, admit path, end to end: the rate gates and their peers, interleaved ROUNDS times
# (see interleave-table.sh). Usage: tailguard-bench/scripts/interleave-admit-2t.sh [ROUNDS] (default 6)
set -euo pipefail
exec "$(dirname "$0")/interleave-table.sh" "${1:-6}" 2 admit \
  RateGateBenchmark.tokenBucketEndToEnd RateGateBenchmark.fixedWindowEndToEnd \
  RateGateBenchmark.peerResilience4j RateGateBenchmark.peerBucket4j RateGateBenchmark.peerGuava
