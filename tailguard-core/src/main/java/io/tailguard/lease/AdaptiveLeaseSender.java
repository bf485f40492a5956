package io.tailguard.lease;

import io.tailguard.config.Check;
import io.tailguard.config.Nanos;
import io.tailguard.limit.Limit;
import java.time.Duration;
import java.util.function.IntFunction;

/**
 * Thread-safe lease sender that sets each grant from the responder's own statistics of the last
 * period, toward a latency target. The server feeds {@link #stats()}; every period the sender
 * judges the requests admitted under the previous lease: late if any completed beyond the target,
 * if the mean age of those still running exceeds it, or if any was dropped.
 *
 * <p>It starts with {@code initialAllowed}. A core {@link Limit} estimator, built at the first late
 * period and seeded with the grant, is fed one sample per period (the period's latency, the
 * requests admitted under the lease as in-flight count) and may hold the grant back; how the grant
 * grows is decided by a guard that keeps it out of a latency cliff while granting close to it
 * (decision 026): it doubles while the latency is at most half the target, then approaches the
 * unknown knee by steps shrinking to one request, learns the knee from the first late period and
 * holds a small margin under it, probing one request above it rarely. The estimator is seeded
 * again whenever the guard sets a grant other than its proposal.
 *
 * <p>Beside the lease it keeps two bounds, which responders check through
 * {@link LeaseStats#hasRoom} before the gate (a lease counts admissions from its own start):
 * a cap on requests in flight, twice the most seen in flight during a healthy period
 * ({@link #inFlightCap()}), without which a service that stands still would take a whole period's
 * grant into its queue; and at most the grant admitted over any trailing period, without which
 * uneven traffic puts the end of one lease and the start of the next into one window of the
 * service, up to twice the grant (decision 031).
 */
public final class AdaptiveLeaseSender implements LeaseSender {

    /**
     * Settings of an adaptive sender.
     *
     * @param latencyTarget  the latency a period's requests should stay within
     * @param timeToLive     validity of each lease
     * @param period         how often a lease is granted
     * @param initialAllowed the first grant, before anything is measured; at least 1
     * @param maxAllowed     the largest grant ever sent; at least {@code initialAllowed}
     */
    public record Config(Duration latencyTarget, Duration timeToLive, Duration period,
                         int initialAllowed, int maxAllowed) {

        /** Validates the settings. */
        public Config {
            Check.positive("latencyTarget", latencyTarget);
            Check.positive("timeToLive", timeToLive);
            Check.positive("period", period);
            Check.positive("initialAllowed", initialAllowed);
            Check.inRange("maxAllowed", maxAllowed, initialAllowed, Integer.MAX_VALUE);
        }
    }

    /** The cap on requests in flight is this many times the most seen in flight in a period on time. */
    static final int IN_FLIGHT_CAP_FACTOR = 2;

    private final Config config;
    private final long latencyTargetNanos;
    private final long periodNanos;
    private final IntFunction<? extends Limit> estimatorFactory;
    private final LeaseStats stats;
    private final PeriodStats period = new PeriodStats();
    private final GrantCeiling ceiling;
    private Limit estimator;
    private int allowed;
    private boolean started;
    private int peakOnTime;

    /**
     * Creates a sender whose statistics start at {@code startNanos}.
     *
     * @param estimatorFactory builds the limit estimator at the end of slow start from the seed
     *                         grant (between 1 and {@code maxAllowed}); give it the latency target
     *                         as timeout if it has one
     */
    public AdaptiveLeaseSender(Config config, IntFunction<? extends Limit> estimatorFactory,
                               long startNanos) {
        this.config = Check.notNull("config", config);
        this.estimatorFactory = Check.notNull("estimatorFactory", estimatorFactory);
        this.latencyTargetNanos = Nanos.saturated(config.latencyTarget());
        this.periodNanos = Nanos.saturated(config.period());
        this.stats = new LeaseStats(latencyTargetNanos, startNanos);
        this.ceiling = new GrantCeiling(latencyTargetNanos);
        this.allowed = config.initialAllowed();
    }

    /** Returns the recorder the responder feeds with admissions, rejections and completions. */
    public LeaseStats stats() {
        return stats;
    }

    @Override
    public synchronized Lease nextLease(long nowNanos) {
        stats.roll(nowNanos, period);
        if (started) {
            allowed = decide(nowNanos);
        }
        started = true;
        stats.boundTrailing(allowed, periodNanos);
        return new Lease(allowed, config.timeToLive());
    }

    private int decide(long nowNanos) {
        boolean late = period.dropped > 0 || period.completedLate > 0
                || period.latencyNanos() > latencyTargetNanos;
        if (!late && period.peakInFlight > 0 && period.inFlight == 0 && period.completedWithinTarget > 0) {
            // a lease bounds admissions per period, not work in flight: when the service stands
            // still (a pause, a stall) a period's worth piles up before the next grant can react.
            // Twice the most ever in flight in a healthy period is room for any healthy period
            // and a bound on what a stall can pile up. Healthy means on time with everything it
            // admitted done: a period that ends with its requests still queued (a stall, a grant
            // past what the service completes) is on time only because nothing finished late
            // yet, and the backlog it carries would raise the cap into the cliff.
            peakOnTime = Math.max(peakOnTime, period.peakInFlight);
            stats.capInFlight((int) Math.min(Integer.MAX_VALUE, IN_FLIGHT_CAP_FACTOR * (long) peakOnTime));
        }
        if (late) {
            int grant = clamp(ceiling.afterLate(allowed, period));
            estimator = Check.notNull("estimator", estimatorFactory.apply(grant));
            return grant;
        }
        long proposed;
        if (estimator == null) {
            boolean usedUp = period.accepted + period.rejected >= allowed;
            proposed = usedUp ? (long) allowed * 2L : allowed;
        } else {
            proposed = estimator.update(nowNanos, period.latencyNanos(), period.accepted, false);
        }
        int grant = clamp(ceiling.afterOnTime(allowed, proposed, period));
        if (estimator != null && grant != proposed) {
            // the guard overrode the estimator: seed it again at the grant, so that a proposal
            // below the grant means the estimator backed off, not that it fell behind the guard
            estimator = Check.notNull("estimator", estimatorFactory.apply(grant));
        }
        return grant;
    }

    private int clamp(long grant) {
        return (int) Math.max(1L, Math.min(config.maxAllowed(), grant));
    }

    /**
     * Returns the cap on requests in flight beside the lease (twice the most seen in flight in a
     * healthy period: on time, with everything it admitted done), or {@link Integer#MAX_VALUE}
     * before one; responders check {@link LeaseStats#hasRoom} before the gate.
     */
    public int inFlightCap() {
        return stats.inFlightCap();
    }

    /** Returns the grant of the last lease sent. */
    public synchronized int allowed() {
        return allowed;
    }

    /** Returns true while the sender is still doubling its grant (no late period seen yet). */
    public synchronized boolean inSlowStart() {
        return estimator == null;
    }

    @Override
    public Duration period() {
        return config.period();
    }

    @Override
    public synchronized String toString() {
        return "AdaptiveLeaseSender[allowed=" + allowed + ", " + ceiling + ", estimator=" + estimator + "]";
    }
}
