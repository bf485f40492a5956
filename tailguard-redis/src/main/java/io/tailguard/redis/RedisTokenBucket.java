package io.tailguard.redis;

import io.lettuce.core.api.async.RedisAsyncCommands;
import io.tailguard.rate.TokenBucket;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;

/**
 * Thread-safe token bucket shared by every instance that names the same key on the same Redis:
 * core's GCRA {@link TokenBucket} evaluated atomically inside Redis by one Lua script, at most
 * one {@code EVALSHA} round trip per decision.
 *
 * <p><b>Same answers as core.</b> In {@link ClockMode#CALLER} mode a key answers exactly as a
 * {@link TokenBucket} created full at time 0 of the caller's clock with the same configuration:
 * admitted or not, tokens remaining, and the exact nanoseconds until the tokens are due (for
 * {@code Retry-After}). In {@link ClockMode#REDIS} mode the time is Redis's {@code TIME}, so clients
 * with skewed clocks agree. The key ({@code tailguard:{key}:bucket}, hash-tagged for Redis Cluster)
 * holds one short string and expires once its bucket would be full again, so idle keys vanish.
 *
 * <p><b>When Redis is away.</b> A decision waits at most the link's timeout. An answer that is
 * late, an error, or a link that is down gives a {@link RateDecision#degraded() degraded} decision
 * following {@link RedisBucketConfig#degraded()}, and every one is counted
 * ({@link #degradedDecisions()}). While the link is down no call touches the network.
 *
 * <p><b>Refusals known in advance.</b> When Redis refuses one token, the bucket holds less than one
 * and nobody anywhere can take any until that token is due, so the key cannot change before then:
 * every one-token request until that moment would be refused too, with the same due time. The
 * bucket remembers the moment and answers such requests itself, without a round trip
 * ({@link #knownRefusals()} counts them). A hot key over its limit thus costs Redis about one call
 * per token, not one per request. The moment is measured on the caller's clock from when the request
 * was sent, which is no later than when Redis decided, so it never refuses a request Redis would
 * admit; a remembered {@code Retry-After} may be early by at most that one round trip. (A Redis that
 * loses the key — a restart, a failover, a {@code DEL} — would admit sooner; the remembered refusal
 * still holds until the token it spoke of is due.)
 */
public final class RedisTokenBucket {

    private static final LuaScript GCRA = LuaScript.resource("gcra.lua");

    private final RedisLink link;
    private final String[] keys;
    private final RedisBucketConfig config;
    private final GcraArgs args;
    private final String[] oneTokenOnRedisTime;
    private final TokenBucket local;
    private final RateDecision closed;
    private final LongAdder degraded = new LongAdder();
    private final LongAdder known = new LongAdder();
    /** Until this time on the caller's clock (exclusive) a one-token request is refused; see the class. */
    private volatile long refusedUntilNanos;

    /**
     * Creates the bucket named {@code key} on {@code link}. Nothing is written to Redis until the
     * first decision.
     *
     * @param nowNanos the caller's time now; the local fallback bucket starts full at this time
     */
    public RedisTokenBucket(RedisLink link, String key, RedisBucketConfig config, long nowNanos) {
        this.link = link;
        this.keys = new String[] {keyOf(key)};
        this.config = config;
        this.args = new GcraArgs(config.bucket());
        this.oneTokenOnRedisTime = args.redisTime(1L);
        this.local = new TokenBucket(config.localShare(), nowNanos);
        this.closed = new RateDecision(false, 0, link.config().probeInterval().toNanos(), true);
        this.refusedUntilNanos = nowNanos;
    }

    /** The Redis key that holds the bucket called {@code key}: hash-tagged, so Cluster keeps it whole. */
    public static String keyOf(String key) {
        return "tailguard:{" + key + "}:bucket";
    }

    /**
     * Takes {@code permits} tokens if the shared bucket holds them; waits for Redis at most the link's
     * timeout.
     *
     * @param nowNanos the caller's monotonic time ({@link io.tailguard.time.NanoClock#system()} in
     *                 production): sent to Redis in {@link ClockMode#CALLER} mode, the time of a
     *                 degraded local decision, and what a refusal known in advance is measured on
     */
    public RateDecision tryAcquire(long nowNanos, long permits) {
        RateDecision refused = knownRefusal(nowNanos, permits);
        if (refused != null) {
            return refused;
        }
        String[] argv = argv(nowNanos, permits);
        RedisAsyncCommands<String, String> redis = link.commands();
        if (redis == null) {
            return degrade(nowNanos, permits);
        }
        try {
            return answer(GCRA.run(redis, keys, argv).get(link.timeoutNanos(), TimeUnit.NANOSECONDS), nowNanos, permits);
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            link.failed(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return degrade(nowNanos, permits);
    }

    /**
     * Asynchronous {@link #tryAcquire(long, long)}: the stage completes with Redis's answer, or with
     * a degraded decision when the link's timeout passes first or the call fails; it never completes
     * exceptionally.
     */
    public CompletionStage<RateDecision> tryAcquireAsync(long nowNanos, long permits) {
        RateDecision refused = knownRefusal(nowNanos, permits);
        if (refused != null) {
            return CompletableFuture.completedFuture(refused);
        }
        String[] argv = argv(nowNanos, permits);
        RedisAsyncCommands<String, String> redis = link.commands();
        if (redis == null) {
            return CompletableFuture.completedFuture(degrade(nowNanos, permits));
        }
        return GCRA.run(redis, keys, argv)
                .orTimeout(link.timeoutNanos(), TimeUnit.NANOSECONDS)
                .handle((reply, error) -> {
                    if (error == null) {
                        return answer(reply, nowNanos, permits);
                    }
                    link.failed(error);
                    return degrade(nowNanos, permits);
                });
    }

    /** Returns how many decisions were made without Redis. */
    public long degradedDecisions() {
        return degraded.sum();
    }

    /** Returns how many one-token requests were refused without a round trip (see the class). */
    public long knownRefusals() {
        return known.sum();
    }

    /** Returns this bucket's settings. */
    public RedisBucketConfig config() {
        return config;
    }

    private String[] argv(long nowNanos, long permits) {
        if (permits < 1) {
            throw new IllegalArgumentException("permits must be >= 1 but was " + permits);
        }
        if (config.clock() == ClockMode.CALLER) {
            return args.callerTime(nowNanos, permits);
        }
        return permits == 1 ? oneTokenOnRedisTime : args.redisTime(permits);
    }

    /** A refusal of one token that Redis's earlier answer already implies, or null. */
    private RateDecision knownRefusal(long nowNanos, long permits) {
        long waitNanos = refusedUntilNanos - nowNanos;
        if (permits != 1 || waitNanos <= 0) {
            return null;
        }
        known.increment();
        return new RateDecision(false, 0, waitNanos, false);
    }

    private RateDecision answer(List<Object> reply, long sentNanos, long permits) {
        boolean admitted = (Long) reply.get(0) == 1L;
        long wait = (Long) reply.get(2);
        if (!admitted && permits == 1 && wait > 0) {
            refusedUntilNanos = sentNanos + wait;
        }
        return new RateDecision(admitted, (Long) reply.get(1), wait < 0 ? Long.MAX_VALUE : wait, false);
    }

    private RateDecision degrade(long nowNanos, long permits) {
        degraded.increment();
        switch (config.degraded()) {
            case FAIL_OPEN:
                return RateDecision.OPEN;
            case FAIL_CLOSED:
                return closed;
            default:
                boolean admitted = local.tryAcquire(nowNanos, permits);
                return new RateDecision(admitted, local.availableTokens(nowNanos),
                        admitted ? 0L : local.nanosUntilAvailable(nowNanos, permits), true);
        }
    }

    @Override
    public String toString() {
        return "RedisTokenBucket[" + keys[0] + ", " + config + "]";
    }
}
