#!/usr/bin/env bash
# The "Concurrency limiter" adaptive table of RESULTS.md: ours with Vegas, AIMD and Gradient2
# against Netflix's SimpleLimiter with the matching Limit, admit (acquire + complete), 1 and 2
# threads, plus the fixed gate given nowNanos and the clock floors, interleaved ROUNDS times
# (default 3). Usage: tailguard-bench/scripts/limiter-table.sh [ROUNDS]
set -euo pipefail
exec "$(dirname "$0")/interleave-table.sh" "${1:-3}" "1 2" "admit" \
  ConcurrencyLimiterBenchmark.oursVegasEndToEnd ConcurrencyLimiterBenchmark.peerNetflixVegas \
  ConcurrencyLimiterBenchmark.oursAimdEndToEnd ConcurrencyLimiterBenchmark.peerNetflixAimd \
  ConcurrencyLimiterBenchmark.oursGradient2EndToEnd ConcurrencyLimiterBenchmark.peerNetflixGradient2 \
  ConcurrencyLimiterBenchmark.oursEndToEnd ConcurrencyLimiterBenchmark.oursDecision \
  ClockBenchmark.nanoTime ClockBenchmark.nanoTimePlusCas
