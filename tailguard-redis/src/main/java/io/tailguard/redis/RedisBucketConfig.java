package io.tailguard.redis;

import io.tailguard.config.Check;
import io.tailguard.rate.TokenBucketConfig;
import java.time.Duration;

/**
 * Thread-safe (immutable) settings of a {@link RedisTokenBucket}.
 *
 * @param bucket    capacity and refill, as for core's {@link io.tailguard.rate.TokenBucket}; the
 *                  bucket must start full, refill at most 10^6 tokens a second, and hold at most
 *                  2^50 tokens (the bounds that keep Lua's doubles exact)
 * @param clock     where the time comes from; {@link ClockMode#REDIS} unless replaying a sequence
 * @param degraded  what to decide when Redis does not answer in time
 * @param instances how many instances share the limit; in {@link DegradedMode#FAIL_LOCAL} each keeps
 *                  1/instances of the rate and of the capacity (at least one token), at least 1
 */
public record RedisBucketConfig(TokenBucketConfig bucket, ClockMode clock, DegradedMode degraded, int instances) {

    /** Validates every field. */
    public RedisBucketConfig {
        Check.notNull("bucket", bucket);
        Check.notNull("clock", clock);
        Check.notNull("degraded", degraded);
        Check.positive("instances", instances);
        new GcraArgs(bucket);
    }

    /**
     * A bucket of {@code burst} tokens refilled at {@code perSecond} tokens a second, on Redis time,
     * failing local with this whole instance's share (one instance).
     */
    public static RedisBucketConfig of(long perSecond, long burst) {
        return new RedisBucketConfig(TokenBucketConfig.of(burst, perSecond, Duration.ofSeconds(1)),
                ClockMode.REDIS, DegradedMode.FAIL_LOCAL, 1);
    }

    /** Returns a copy with {@code clock} instead. */
    public RedisBucketConfig withClock(ClockMode clock) {
        return new RedisBucketConfig(bucket, clock, degraded, instances);
    }

    /** Returns a copy with {@code degraded} and {@code instances} instead. */
    public RedisBucketConfig withDegraded(DegradedMode degraded, int instances) {
        return new RedisBucketConfig(bucket, clock, degraded, instances);
    }

    /** The local bucket of {@link DegradedMode#FAIL_LOCAL}: this instance's share of rate and capacity. */
    TokenBucketConfig localShare() {
        return TokenBucketConfig.of(Math.max(1L, bucket.capacity() / instances), bucket.refillTokens(),
                bucket.refillPeriod().multipliedBy(instances));
    }
}
