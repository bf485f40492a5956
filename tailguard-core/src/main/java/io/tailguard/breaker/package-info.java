/**
 * Circuit breakers: stop calling a dependency that is failing or slow, wait, then let a few probe
 * calls through to learn whether it has recovered. {@link io.tailguard.breaker.CircuitBreaker} is the
 * one entry type; its {@link io.tailguard.breaker.CircuitBreakerConfig} chooses a count-based or a
 * time-based sliding window, failure-rate and slow-call-rate thresholds, the time to stay open and the
 * number of half-open probes. Time comes in as {@code nowNanos}; nothing here reads a clock, so the
 * simulator and a live client drive the same object.
 */
package io.tailguard.breaker;
