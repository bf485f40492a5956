package io.tailguard.servlet;

import io.tailguard.config.Check;
import io.tailguard.lease.LeaseResponder;
import io.tailguard.limit.ConcurrencyLimiter;
import io.tailguard.queue.BoundedQueueConfig;
import io.tailguard.rate.KeyedRateLimiter;
import io.tailguard.rate.TokenBucket;
import io.tailguard.rate.TokenBucketConfig;
import io.tailguard.time.Scheduler;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * Not thread-safe builder of a {@link TailguardFilter}. Every part is optional; a filter built with
 * none admits everything. Each limiter and gate given here is owned by the filter built.
 *
 * <pre>{@code
 * TailguardFilter filter = TailguardFilter.builder()
 *         .rate(TokenBucketConfig.of(1_000, 1_000, Duration.ofSeconds(1)))
 *         .limiter(ConcurrencyLimiter.fixed(64))
 *         .queue(BoundedQueueConfig.fifo(128, Duration.ofMillis(200)))
 *         .partitionBy(PartitionKey.header("X-Tenant"))
 *         .partitionLimit("batch", 8)
 *         .build();
 * }</pre>
 */
public final class TailguardFilterBuilder {

    /** Keys a per-partition rate remembers at most; the least recently seen are dropped first. */
    static final int MAX_RATE_KEYS = 10_000;
    private static final Duration RATE_KEY_IDLE = Duration.ofMinutes(5);

    Scheduler scheduler = Scheduler.system();
    TokenBucket rate;
    TokenBucketConfig rateConfig;
    KeyedRateLimiter<String> partitionRate;
    PartitionKey partitionKey;
    final Map<String, ConcurrencyLimiter> partitionLimits = new HashMap<>();
    ConcurrencyLimiter otherPartitions;
    ConcurrencyLimiter limiter;
    BoundedQueueConfig queue;
    LeaseResponder leases;

    TailguardFilterBuilder() {
    }

    /** A global token bucket asked first; a refusal is answered 429 with the wait for the next token. */
    public TailguardFilterBuilder rate(TokenBucketConfig config) {
        this.rateConfig = Check.notNull("rate", config);
        return this;
    }

    /** The global concurrency limit (fixed or adaptive); a refusal waits in the queue if there is one. */
    public TailguardFilterBuilder limiter(ConcurrencyLimiter limiter) {
        this.limiter = Check.notNull("limiter", limiter);
        return this;
    }

    /** The queue in which requests wait for the global limiter, its thread given back meanwhile. */
    public TailguardFilterBuilder queue(BoundedQueueConfig config) {
        this.queue = Check.notNull("queue", config);
        return this;
    }

    /** How a request's partition is named; needed by the per-partition limits and rates below. */
    public TailguardFilterBuilder partitionBy(PartitionKey key) {
        this.partitionKey = Check.notNull("partitionBy", key);
        return this;
    }

    /** A concurrency limit of {@code limit} for partition {@code key} alone. */
    public TailguardFilterBuilder partitionLimit(String key, int limit) {
        partitionLimits.put(Check.notNull("key", key), ConcurrencyLimiter.fixed(limit));
        return this;
    }

    /** A concurrency limit of {@code limit} shared by every partition not listed (and requests with none). */
    public TailguardFilterBuilder otherPartitionsLimit(int limit) {
        this.otherPartitions = ConcurrencyLimiter.fixed(limit);
        return this;
    }

    /** A token bucket of {@code config} for each partition (up to 10,000 partitions remembered). */
    public TailguardFilterBuilder partitionRate(TokenBucketConfig config) {
        this.partitionRate = new KeyedRateLimiter<>(Check.notNull("partitionRate", config), MAX_RATE_KEYS, RATE_KEY_IDLE.toNanos());
        return this;
    }

    /**
     * Makes the filter a lease responder (docs/leases.md): it serves the lease stream at
     * {@code GET /.well-known/tailguard/lease}, checks each request's lease before anything else
     * (503 {@code lease-exhausted} / {@code lease-expired} when over it) and stamps
     * {@code Tailguard-Lease} on responses. Build {@code responder} on the same scheduler as this
     * filter; the filter closes it when destroyed.
     */
    public TailguardFilterBuilder leases(LeaseResponder responder) {
        this.leases = Check.notNull("leases", responder);
        return this;
    }

    /** The scheduler (and its clock) the filter times queue waits with; tests pass a virtual one. */
    public TailguardFilterBuilder scheduler(Scheduler scheduler) {
        this.scheduler = Check.notNull("scheduler", scheduler);
        return this;
    }

    /** Builds the filter; throws if the settings do not fit together. */
    public TailguardFilter build() {
        if (queue != null && limiter == null) {
            throw new IllegalArgumentException("limiter must be set when a queue is set but was null");
        }
        if (partitionKey == null && (!partitionLimits.isEmpty() || partitionRate != null)) {
            throw new IllegalArgumentException("partitionBy must be set when partition limits or rates are set but was null");
        }
        rate = rateConfig == null ? null : new TokenBucket(rateConfig, scheduler.clock().nanoTime());
        return new TailguardFilter(this);
    }
}
