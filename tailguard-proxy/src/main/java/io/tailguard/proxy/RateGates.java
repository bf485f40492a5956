package io.tailguard.proxy;

import io.tailguard.proxy.config.ClientRateConfig;
import io.tailguard.proxy.config.RateConfig;
import io.tailguard.proxy.config.RedisRateConfig;
import io.tailguard.proxy.config.RouteConfig;
import io.tailguard.rate.KeyedRateLimiter;
import io.tailguard.rate.TokenBucket;
import io.tailguard.rate.TokenBucketConfig;
import io.tailguard.redis.ClockMode;
import io.tailguard.redis.RateDecision;
import io.tailguard.redis.RedisBucketConfig;
import io.tailguard.redis.RedisTokenBucket;
import java.time.Duration;
import java.util.concurrent.CompletionStage;

/**
 * Thread-safe: a route's rate limits, core objects: a {@link TokenBucket} for the whole route (or a
 * {@link RedisTokenBucket} shared by every proxy instance when the route's rate names Redis) and a
 * {@link KeyedRateLimiter} per client key. The client's bucket is asked first, so that a client
 * over its own limit does not spend the route's tokens. The local buckets decide at once on the
 * calling thread ({@link #tryAcquire}); a Redis bucket is asked afterwards and answers later
 * ({@link #tryAcquireShared}), so an event loop never waits on the network for it.
 */
final class RateGates {

    private final TokenBucket route;
    private final RedisTokenBucket shared;
    private final KeyedRateLimiter<String> perClient;
    private final String keyHeader;

    private RateGates(TokenBucket route, RedisTokenBucket shared, KeyedRateLimiter<String> perClient,
                      String keyHeader) {
        this.route = route;
        this.shared = shared;
        this.perClient = perClient;
        this.keyHeader = keyHeader;
    }

    static RateGates create(RouteConfig config, long nowNanos) {
        RateConfig rate = config.rate();
        TokenBucket route = rate == null || rate.redis() != null ? null : new TokenBucket(bucket(rate), nowNanos);
        RedisTokenBucket shared = rate == null || rate.redis() == null ? null : shared(rate, nowNanos);
        ClientRateConfig client = config.clientRate();
        KeyedRateLimiter<String> perClient = client == null ? null
                : new KeyedRateLimiter<>(bucket(client.rate()), client.maxKeys(), client.idle().toNanos());
        return new RateGates(route, shared, perClient, client == null ? null : client.keyHeader());
    }

    private static RedisTokenBucket shared(RateConfig rate, long nowNanos) {
        RedisRateConfig redis = rate.redis();
        RedisBucketConfig config = new RedisBucketConfig(bucket(rate), ClockMode.REDIS, redis.degraded(),
                redis.instances());
        return new RedisTokenBucket(RedisLinks.forUri(redis.uri(), redis.timeout()), redis.key(), config, nowNanos);
    }

    private static TokenBucketConfig bucket(RateConfig rate) {
        return TokenBucketConfig.of(rate.burst(), rate.perSecond(), Duration.ofSeconds(1));
    }

    /** The header naming the client, or null to key by address. */
    String keyHeader() {
        return keyHeader;
    }

    /** True if requests are limited per client key, so {@link #tryAcquire} needs the key. */
    boolean keyed() {
        return perClient != null;
    }

    /** True if the route's bucket is in Redis, so an admitted request must still ask {@link #tryAcquireShared}. */
    boolean shared() {
        return shared != null;
    }

    /**
     * Returns 0 if the local buckets (the client's, then the route's own) let the request go on, else
     * the nanoseconds until a token is due; {@code clientKey} may be null when not {@link #keyed}.
     * A Redis bucket is not asked here.
     */
    long tryAcquire(long nowNanos, String clientKey) {
        if (perClient != null) {
            long wait = perClient.tryAcquire(nowNanos, clientKey);
            if (wait > 0) {
                return wait;
            }
        }
        if (route != null && !route.tryAcquire(nowNanos, 1L)) {
            return Math.max(1L, route.nanosUntilAvailable(nowNanos, 1L));
        }
        return 0L;
    }

    /**
     * Asks the route's Redis bucket for one token. The stage completes on a Redis or timer thread
     * within the link's timeout, with Redis's answer or the degraded mode's; only when {@link #shared}.
     */
    CompletionStage<RateDecision> tryAcquireShared(long nowNanos) {
        return shared.tryAcquireAsync(nowNanos, 1L);
    }
}
