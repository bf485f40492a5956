package io.tailguard.redis;

import io.lettuce.core.api.async.RedisAsyncCommands;
import io.tailguard.admission.AdmissionPolicy;
import io.tailguard.admission.Decision;
import io.tailguard.admission.Permit;
import io.tailguard.admission.RejectReason;
import io.tailguard.admission.Rejection;
import io.tailguard.limit.ConcurrencyLimiter;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Thread-safe concurrency limit shared by every instance that names the same key: at most
 * {@code limit} permits in flight across the cluster. A permit is a member of a Redis sorted set
 * ({@code tailguard:{key}:inflight}) scored by its expiry on Redis's clock; acquiring first drops
 * expired members, so a permit whose holder crashed frees itself after {@code permitTtl}. One
 * {@code EVALSHA} round trip to acquire, waited for ({@link #tryAcquire}) or not
 * ({@link #tryAcquireAsync}); completing a permit (success, dropped or ignored alike) sends one
 * {@code ZREM} without waiting for it.
 *
 * <p>When Redis does not answer within the link's timeout the decision follows
 * {@link RedisConcurrencyConfig#degraded()} (a local core {@link ConcurrencyLimiter} with this
 * instance's share in {@link DegradedMode#FAIL_LOCAL}), and is counted.
 */
public final class RedisConcurrencyLimit implements AdmissionPolicy {

    private static final LuaScript ACQUIRE = LuaScript.resource("concurrency.lua");
    private static final Rejection LIMITED = Rejection.of(RejectReason.CONCURRENCY_LIMITED);

    private final RedisLink link;
    private final String key;
    private final String[] keys;
    private final RedisConcurrencyConfig config;
    private final String limitArg;
    private final String ttlArg;
    private final String idPrefix = UUID.randomUUID() + ":";
    private final AtomicLong nextId = new AtomicLong();
    private final ConcurrencyLimiter local;
    private final LongAdder degraded = new LongAdder();

    /** Creates the limit named {@code key} on {@code link}; nothing is written until the first permit. */
    public RedisConcurrencyLimit(RedisLink link, String key, RedisConcurrencyConfig config) {
        this.link = link;
        this.key = "tailguard:{" + key + "}:inflight";
        this.keys = new String[] {this.key};
        this.config = config;
        this.limitArg = Integer.toString(config.limit());
        this.ttlArg = Long.toString(config.permitTtl().toMillis());
        this.local = ConcurrencyLimiter.fixed(Math.max(1, config.limit() / config.instances()));
    }

    /**
     * Takes a permit if fewer than {@code limit} are in flight cluster-wide; waits for Redis at most
     * the link's timeout. Complete the permit when the request ends.
     *
     * @param nowNanos the caller's time, used by a degraded local decision
     */
    @Override
    public Decision tryAcquire(long nowNanos) {
        RedisAsyncCommands<String, String> redis = link.commands();
        if (redis == null) {
            return degrade(nowNanos);
        }
        String id = idPrefix + nextId.incrementAndGet();
        try {
            return decision(ACQUIRE.run(redis, keys, limitArg, ttlArg, id)
                    .get(link.timeoutNanos(), TimeUnit.NANOSECONDS), id);
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            link.failed(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return degrade(nowNanos);
    }

    /**
     * Asynchronous {@link #tryAcquire(long)}: the stage completes with Redis's decision, or with a
     * degraded one when the link's timeout passes first or the call fails; it never completes
     * exceptionally. The caller's thread never waits on the network.
     *
     * @param nowNanos the caller's time, used by a degraded local decision
     */
    public CompletionStage<Decision> tryAcquireAsync(long nowNanos) {
        RedisAsyncCommands<String, String> redis = link.commands();
        if (redis == null) {
            return CompletableFuture.completedFuture(degrade(nowNanos));
        }
        String id = idPrefix + nextId.incrementAndGet();
        return ACQUIRE.run(redis, keys, limitArg, ttlArg, id)
                .orTimeout(link.timeoutNanos(), TimeUnit.NANOSECONDS)
                .handle((reply, error) -> {
                    if (error == null) {
                        return decision(reply, id);
                    }
                    link.failed(error);
                    return degrade(nowNanos);
                });
    }

    /** Returns how many decisions were made without Redis. */
    public long degradedDecisions() {
        return degraded.sum();
    }

    /** Returns the Redis key of this limit's sorted set. */
    public String redisKey() {
        return key;
    }

    /** Frees {@code id}; a release that fails leaves the permit to expire after its time-to-live. */
    void release(String id) {
        RedisAsyncCommands<String, String> redis = link.commands();
        if (redis != null) {
            redis.zrem(key, id).exceptionally(error -> {
                link.failed(error);
                return 0L;
            });
        }
    }

    private Decision decision(List<Object> reply, String id) {
        return (Long) reply.get(0) == 1L ? new RedisPermit(this, id) : LIMITED;
    }

    private Decision degrade(long nowNanos) {
        degraded.increment();
        switch (config.degraded()) {
            case FAIL_OPEN:
                return Permit.noop();
            case FAIL_CLOSED:
                return LIMITED;
            default:
                return local.tryAcquire(nowNanos);
        }
    }

    @Override
    public String toString() {
        return "RedisConcurrencyLimit[" + key + ", " + config + "]";
    }
}
