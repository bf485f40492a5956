package io.tailguard.lease;

/**
 * Not thread-safe guard that keeps an adaptive grant out of a latency cliff; the
 * {@link AdaptiveLeaseSender} that owns it serializes every call.
 *
 * <p>A saturable service can be fast right up to its knee and then very slow (a request over the
 * knee waits seconds, not milliseconds), so an estimator that probes one request above its last good
 * grant every few periods sends one request in a few hundred into the cliff: a good p99 over a
 * p99.9 of seconds. The guard bounds what the estimator proposes in three ways:
 * <ul>
 *   <li><b>growth capped by the latency signal</b>: a grant of {@code g} whose period's latency was
 *       {@code L} grows to at most {@code g × target / L} (Little's law: if latency grows with the
 *       grant, that is where it would meet the target), and always by at least one;</li>
 *   <li><b>one late period is enough</b>: the grant falls at once below what that period finished
 *       within the target, by as much as the period overshot it (to at least half the grant), and
 *       one above what finished within the target becomes the ceiling;</li>
 *   <li><b>the probe apart from the floor</b>: under a ceiling the grant stays one below it (the
 *       floor, known to be on time); only after {@link #PROBE_EVERY_PERIODS} on-time periods is one
 *       period granted up to the ceiling, a probe of a single request. A probe on time raises the
 *       ceiling by one; a period whose latency is at most half the target shows the knee is far
 *       away and forgets the ceiling, so capacity that comes back is found again.</li>
 * </ul>
 */
final class GrantCeiling {

    /** On-time periods between two probes at the ceiling. */
    static final int PROBE_EVERY_PERIODS = 30;

    private static final int NONE = Integer.MAX_VALUE;

    private final long latencyTargetNanos;
    private int ceiling = NONE;
    private int onTimePeriods;
    private int latePeriodsInARow;

    GrantCeiling(long latencyTargetNanos) {
        this.latencyTargetNanos = latencyTargetNanos;
    }

    /**
     * Returns the grant after a late period that was granted {@code allowed}: what finished within
     * the target less as many again as overshot it (at least half the grant); the ceiling becomes
     * one above what finished within the target, where the knee was seen.
     */
    int afterLate(int allowed, PeriodStats period) {
        int within = Math.min(allowed, period.completedWithinTarget);
        int overshoot = Math.max(0, period.accepted - within);
        boolean aftermath = latePeriodsInARow == 1 && within * 2 >= period.accepted;
        latePeriodsInARow++;
        onTimePeriods = 0;
        if (aftermath) {
            // the previous period's overshoot still occupies the service at this period's start:
            // that cut already covers it, so hold the grant once rather than cut twice
            ceiling = Math.min(ceiling, allowed + 1);
            return allowed;
        }
        int grant = Math.max(Math.max(1, allowed / 2), within - overshoot);
        ceiling = grant + 1;
        return grant;
    }

    /**
     * Returns the grant after an on-time period granted {@code allowed}, given what the estimator
     * (or slow start) {@code proposed}.
     */
    int afterOnTime(int allowed, long proposed, PeriodStats period) {
        latePeriodsInARow = 0;
        onTimePeriods++;
        long latencyNanos = period.latencyNanos();
        boolean usedUp = period.accepted + period.rejected >= allowed;
        if (ceiling != NONE && usedUp && allowed >= ceiling) {
            ceiling = allowed + 1;
        }
        if (ceiling != NONE && latencyNanos > 0 && latencyNanos * 2 <= latencyTargetNanos) {
            ceiling = NONE;
        }
        long grant = Math.min(proposed, growthCap(allowed, latencyNanos));
        if (ceiling != NONE) {
            boolean probe = onTimePeriods >= PROBE_EVERY_PERIODS;
            if (probe) {
                onTimePeriods = 0;
            }
            grant = Math.min(grant, probe ? ceiling : ceiling - 1L);
        }
        return (int) Math.min(Integer.MAX_VALUE, grant);
    }

    private long growthCap(int allowed, long latencyNanos) {
        if (latencyNanos <= 0) {
            return 2L * allowed;
        }
        long byLatency = (long) ((double) allowed * latencyTargetNanos / latencyNanos);
        return Math.max(allowed + 1L, Math.min(2L * allowed, byLatency));
    }

    /** Returns the ceiling, or {@link Integer#MAX_VALUE} while none is known. */
    int ceiling() {
        return ceiling;
    }

    @Override
    public String toString() {
        return "GrantCeiling[ceiling=" + (ceiling == NONE ? "none" : Integer.toString(ceiling))
                + ", onTimePeriods=" + onTimePeriods + "]";
    }
}
