/**
 * Rate gates: {@link io.tailguard.rate.TokenBucket} (burst capacity plus exact refill counted from
 * when the bucket was last full: GCRA) and {@link io.tailguard.rate.FixedWindowRateLimiter}
 * (Resilience4j's fixed cycles, aligned to its creation by definition). Both are lock-free, keep
 * their state in one {@code long}, and hand out the shared no-op permit.
 */
package io.tailguard.rate;
