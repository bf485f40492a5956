package io.tailguard.path;

import io.tailguard.config.Check;
import io.tailguard.hedge.HedgeBudget;
import io.tailguard.hedge.HedgePolicy;
import io.tailguard.hedge.Hedger;
import io.tailguard.rate.KeyedRateLimiter;
import io.tailguard.rate.TokenBucket;
import io.tailguard.time.Scheduler;

/**
 * Thread-safe: one route in front of its pool's {@link DecisionPath}: the client's core
 * {@link KeyedRateLimiter} (asked first, so a client over its own limit does not spend the route's
 * tokens), the route's core {@link TokenBucket}, its default deadline and its core {@link Hedger}.
 * Which route a request matches is the host's business; what happens to it from here is this
 * object's.
 *
 * @param <R> the host's request type
 */
public final class PathRoute<R> {

    private final RouteSettings settings;
    private final DecisionPath<R> pool;
    private final TokenBucket bucket;
    private final KeyedRateLimiter<String> perClient;
    private final Hedger hedger;
    private final long defaultBudgetNanos;

    /** Creates the route in front of {@code pool}; its buckets start full at {@code nowNanos}. */
    public PathRoute(RouteSettings settings, DecisionPath<R> pool, Scheduler scheduler, long nowNanos) {
        this.settings = Check.notNull("settings", settings);
        this.pool = Check.notNull("pool", pool);
        Check.notNull("scheduler", scheduler);
        this.bucket = settings.rate() == null ? null : new TokenBucket(settings.rate().bucket(), nowNanos);
        ClientRateSettings client = settings.clientRate();
        this.perClient = client == null ? null
                : new KeyedRateLimiter<>(client.rate().bucket(), client.maxKeys(), client.idle().toNanos());
        HedgeSettings hedge = settings.hedge();
        this.hedger = hedge == null ? null : new Hedger(
                HedgePolicy.speculative(2, hedge.delay(), pool.settings().responseTimeout())
                        .withBudget(HedgeBudget.of(hedge.budgetPercent() / 100.0)), scheduler);
        this.defaultBudgetNanos = settings.defaultTimeout().isZero() ? Long.MAX_VALUE
                : settings.defaultTimeout().toNanos();
    }

    /** Returns this route's settings. */
    public RouteSettings settings() {
        return settings;
    }

    /** Returns the pool this route sends to. */
    public DecisionPath<R> pool() {
        return pool;
    }

    /** Returns this route's hedger, or null when it does not hedge. */
    public Hedger hedger() {
        return hedger;
    }

    /** True if requests are limited per client key, so {@link #arrive} needs one. */
    public boolean keyed() {
        return perClient != null;
    }

    /**
     * Decides for a request that matched this route at {@code nowNanos}: the rate gates (a refusal is
     * answered {@link LocalAnswer#RATE_LIMITED} with the wait for a token as {@code Retry-After}),
     * then the pool's path.
     *
     * @param clientKey       the client's key for its own bucket (its header or address); may be null
     *                        when not {@link #keyed}
     * @param headerBudgetNanos the deadline the request carries, {@link Long#MAX_VALUE} for none: the
     *                        route's default applies
     * @param hedgeable       true if the request may be sent twice (idempotent, no body)
     */
    public Ticket<R> arrive(R request, String clientKey, long headerBudgetNanos, boolean hedgeable, long nowNanos) {
        long waitNanos = rateWaitNanos(clientKey, nowNanos);
        if (waitNanos > 0) {
            return pool.refuseAtRoute(request, retryAfterSeconds(waitNanos), nowNanos);
        }
        return enter(request, headerBudgetNanos, hedgeable, nowNanos);
    }

    /**
     * The second half of {@link #arrive}, for a host that answers a rate refusal itself and may ask
     * a gate of its own in between (a bucket shared in Redis): the pool's path for a request that
     * passed {@link #rateWaitNanos}, with the route's default deadline when it carries none.
     */
    public Ticket<R> enter(R request, long headerBudgetNanos, boolean hedgeable, long nowNanos) {
        return pool.submit(request, budgetNanos(headerBudgetNanos), hedgeable ? hedger : null, true, nowNanos);
    }

    /**
     * As {@link #enter}, for a route whose bucket is shared (kept in Redis): the path asks the host's
     * gate first ({@link PathHost#askGate}) and goes on when the host answers
     * ({@link DecisionPath#gateAnswered}): to the pool, or a {@link LocalAnswer#RATE_LIMITED} answer
     * with the gate's wait as {@code Retry-After}. The route's local gates ({@link #rateWaitNanos})
     * come before it.
     */
    public Ticket<R> enterThroughGate(R request, long headerBudgetNanos, boolean hedgeable, long nowNanos) {
        return pool.gate(request, budgetNanos(headerBudgetNanos), hedgeable ? hedger : null, nowNanos);
    }

    /** Returns the budget of a request carrying {@code headerBudgetNanos} ({@link Long#MAX_VALUE}: none): its own or the route's default. */
    public long budgetNanos(long headerBudgetNanos) {
        return headerBudgetNanos == Long.MAX_VALUE ? defaultBudgetNanos : headerBudgetNanos;
    }

    /** A wait as the whole seconds {@code Retry-After} carries: rounded up, at least 1. */
    public static long retryAfterSeconds(long waitNanos) {
        return Math.max(1L, (waitNanos + 999_999_999L) / 1_000_000_000L);
    }

    /**
     * Asks the client's bucket, then the route's: returns 0 if both let the request on (a token of
     * each spent), else the nanoseconds until a token is due. {@code clientKey} may be null when not
     * {@link #keyed}.
     */
    public long rateWaitNanos(String clientKey, long nowNanos) {
        if (perClient != null) {
            long wait = perClient.tryAcquire(nowNanos, clientKey == null ? "" : clientKey);
            if (wait > 0) {
                return wait;
            }
        }
        if (bucket != null && !bucket.tryAcquire(nowNanos, 1L)) {
            return Math.max(1L, bucket.nanosUntilAvailable(nowNanos, 1L));
        }
        return 0L;
    }
}
