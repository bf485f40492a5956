package io.tailguard.proxy;

import io.tailguard.proxy.config.RateConfig;
import io.tailguard.proxy.config.RedisRateConfig;
import io.tailguard.proxy.config.RouteConfig;
import io.tailguard.redis.ClockMode;
import io.tailguard.redis.RateDecision;
import io.tailguard.redis.RedisBucketConfig;
import io.tailguard.redis.RedisTokenBucket;
import java.util.concurrent.CompletionStage;

/**
 * Thread-safe: a route's bucket shared by every proxy instance in Redis, a core
 * {@link RedisTokenBucket}. The local gates (the client's bucket, a route's own) are the core path
 * route's and decide at once; this one is asked after them and answers later
 * ({@link #tryAcquire}), so an event loop never waits on the network for it.
 */
final class RateGates {

    private final RedisTokenBucket bucket;

    private RateGates(RedisTokenBucket bucket) {
        this.bucket = bucket;
    }

    /** Returns the route's Redis bucket, or null if its rate is not kept in Redis. */
    static RateGates shared(RouteConfig config, long nowNanos) {
        RateConfig rate = config.rate();
        if (rate == null || rate.redis() == null) {
            return null;
        }
        RedisRateConfig redis = rate.redis();
        RedisBucketConfig settings = new RedisBucketConfig(rate.settings().bucket(), ClockMode.REDIS, redis.degraded(), redis.instances());
        return new RateGates(new RedisTokenBucket(RedisLinks.forUri(redis.uri(), redis.timeout()), redis.key(),
                settings, nowNanos));
    }

    /**
     * Asks the route's Redis bucket for one token. The stage completes on a Redis or timer thread
     * within the link's timeout, with Redis's answer or the degraded mode's.
     */
    CompletionStage<RateDecision> tryAcquire(long nowNanos) {
        return bucket.tryAcquireAsync(nowNanos, 1L);
    }
}
