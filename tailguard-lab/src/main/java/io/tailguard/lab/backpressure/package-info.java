/**
 * The backpressure experiment: five admission strategies (core token bucket, bounded queue,
 * leaky-bucket shaper, concurrency limiter, and the real Resilience4j rate limiter) offered the
 * same overload in the simulator, with the published lab's CSVs, plus Poisson/bursty arrivals and
 * transient overload beyond it.
 */
package io.tailguard.lab.backpressure;
