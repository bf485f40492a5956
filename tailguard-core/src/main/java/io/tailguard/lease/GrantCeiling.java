package io.tailguard.lease;

/**
 * Not thread-safe guard that keeps an adaptive grant out of a latency cliff while granting close to
 * it; the {@link AdaptiveLeaseSender} that owns it serializes every call.
 *
 * <p>A saturable service can be fast right up to its knee and then very slow (a request over the
 * knee waits seconds, not milliseconds), and the latency below the knee need not warn of it. Every
 * request granted past the knee is a request in the cliff, so what matters is by how much a grant
 * can pass the knee, and how often. The guard decides how the grant grows; the estimator may only
 * hold it back:
 * <ul>
 *   <li><b>far from the target, double</b>: while a fully used period's latency is at most half
 *       the target the grant doubles, at most to {@code grant × target / latency} (Little's law:
 *       if latency grows with the grant, that is where it would meet the target);</li>
 *   <li><b>near the target, shrinking steps</b>: once the latency rises past half the target the
 *       knee may be close, so the grant grows by a step that starts at a tenth of the grant and
 *       shrinks by one each period down to one request; the first crossing of an unknown knee then
 *       passes it by a request or two, not by a percentage of the grant. After
 *       {@link #PERIODS_AT_ONE} periods at one request the step becomes a twentieth of the grant,
 *       so a far knee is still reached, passing it by at most that much;</li>
 *   <li><b>one late period learns the knee</b>: what finished within the target is the knee; the
 *       ceiling is one above it, and the grant falls to the floor, a small margin under the knee
 *       ({@link #floor}), or below what finished on time by as much as overshot, whichever is
 *       lower (never below half). A late period right after any cut holds (the cut period's
 *       excess still occupies the service, or the service window it filled). A period where fewer than half finished on time is
 *       a collapse (a stall, errors), not a knee: the grant halves and a known ceiling stays (with
 *       none known, the collapsed grant becomes it);</li>
 *   <li><b>the probe apart from the floor</b>: under a ceiling the grant regains the floor as
 *       fast as the latency allows and holds there; after {@link #PROBE_EVERY_PERIODS} on-time
 *       periods one period is granted up to the ceiling, a probe of a single request. A probe on
 *       time raises the ceiling by one and halves the wait before the next one (down to every
 *       period), so capacity that comes back is regained; a late probe doubles the wait (up to
 *       {@link #MAX_PROBE_EVERY_PERIODS}; back to at least {@link #PROBE_EVERY_PERIODS} when it
 *       tipped the service into a collapse). A probe costs one request in the cliff when the knee has
 *       not moved, hence the long first wait. Low latency alone never lifts the ceiling: below a
 *       cliff the latency need not warn of it.</li>
 * </ul>
 */
final class GrantCeiling {

    /** On-time periods before the first probe at the ceiling. */
    static final int PROBE_EVERY_PERIODS = 60;
    /** The longest wait between probes, after late probes doubled it. */
    static final int MAX_PROBE_EVERY_PERIODS = 240;
    /** The first step near the target is the grant divided by this. */
    static final int FIRST_STEP_DIVISOR = 10;
    /** Periods at a step of one request before the step grows again. */
    static final int PERIODS_AT_ONE = 8;
    /** The floor stays this fraction of the knee under it (at least one request). */
    static final int MARGIN_DIVISOR = 120;

    private static final int NONE = Integer.MAX_VALUE;

    private final long latencyTargetNanos;
    private int ceiling = NONE;
    private int step;
    private int periodsAtOne;
    private int onTimePeriods;
    private int probeEvery = PROBE_EVERY_PERIODS;
    private boolean cutByLastPeriod;
    private boolean probing;

    GrantCeiling(long latencyTargetNanos) {
        this.latencyTargetNanos = latencyTargetNanos;
    }

    /**
     * Returns the grant after a late period that was granted {@code allowed}; learns the knee from
     * what finished within the target unless the period was a collapse.
     */
    int afterLate(int allowed, PeriodStats period) {
        int within = Math.min(allowed, period.completedWithinTarget);
        int overshoot = Math.max(0, period.accepted - within);
        boolean knee = within * 2 >= period.accepted && within > 0;
        // the period right after a cut still carries the cut period's excess: its first requests
        // can fall in a service window the previous grant filled (the demo's one-second windows
        // do not start with the lease), so it says nothing new about the knee
        boolean aftermath = cutByLastPeriod && knee;
        cutByLastPeriod = false;
        onTimePeriods = 0;
        step = 0;
        periodsAtOne = 0;
        if (probing) {
            probing = false;
            // a probe that tipped the service over (a collapse, not a knee) waits the full
            // interval again at least: probing had come down to every period
            int doubled = probeEvery * 2;
            probeEvery = Math.min(MAX_PROBE_EVERY_PERIODS, knee ? doubled : Math.max(PROBE_EVERY_PERIODS, doubled));
        }
        int half = Math.max(1, allowed / 2);
        if (aftermath) {
            // the previous period's overshoot still occupies the service at this period's start:
            // that cut already covers it, so hold the grant once rather than cut twice, and keep
            // the knee it learned
            return allowed;
        }
        if (!knee) {
            // a collapse says nothing about where the knee is, only that this grant was too
            // much now: remember it as the ceiling if none is known, so the grant regains its
            // floor as fast as the latency allows instead of creeping back a step at a time
            if (ceiling == NONE) {
                ceiling = allowed;
            }
            cutByLastPeriod = half < allowed;
            return half;
        }
        ceiling = within + 1;
        int grant = Math.max(half, Math.min(within - overshoot, floor()));
        cutByLastPeriod = grant < allowed;
        return grant;
    }

    /**
     * Returns the grant after an on-time period granted {@code allowed}, given what the estimator
     * (or slow start) {@code proposed}: the estimator may hold the grant back, never push it on.
     */
    int afterOnTime(int allowed, long proposed, PeriodStats period) {
        cutByLastPeriod = false;
        onTimePeriods++;
        long latencyNanos = period.latencyNanos();
        boolean usedUp = period.accepted + period.rejected >= allowed;
        boolean farBelowTarget = latencyNanos > 0 && latencyNanos * 2 <= latencyTargetNanos;
        if (probing) {
            probing = false;
            if (usedUp) {
                // the knee moved up by at least one: raise the ceiling and probe again sooner, so
                // that capacity that came back is regained, one request a probe
                ceiling = allowed + 1;
                probeEvery = Math.max(1, probeEvery / 2);
            }
        }
        if (!usedUp) {
            return (int) Math.max(1L, Math.min(allowed, proposed));
        }
        long grant;
        if (ceiling != NONE) {
            grant = underCeiling(allowed, latencyNanos);
        } else if (farBelowTarget || latencyNanos <= 0) {
            step = 0;
            periodsAtOne = 0;
            grant = Math.min(2L * allowed, growthCap(allowed, latencyNanos));
        } else {
            grant = allowed + (long) nextStep(allowed);
        }
        if (proposed < allowed) {
            grant = Math.min(grant, Math.max(1L, proposed));
        }
        return (int) Math.min(Integer.MAX_VALUE, grant);
    }

    private long underCeiling(int allowed, long latencyNanos) {
        int floor = floor();
        if (allowed < floor) {
            return Math.min(floor, Math.min(2L * allowed, growthCap(allowed, latencyNanos)));
        }
        if (onTimePeriods >= probeEvery) {
            onTimePeriods = 0;
            probing = true;
            return ceiling;
        }
        return floor;
    }

    private int nextStep(int allowed) {
        if (step == 0) {
            step = Math.max(1, allowed / FIRST_STEP_DIVISOR);
        } else if (step > 1 && periodsAtOne == 0) {
            step--;
        } else if (++periodsAtOne > PERIODS_AT_ONE) {
            step = Math.max(1, allowed / (2 * FIRST_STEP_DIVISOR));
        }
        return step;
    }

    /** The grant held under a known ceiling: a margin under the knee, the last grant on time. */
    private int floor() {
        int knee = ceiling - 1;
        return Math.max(1, knee - Math.max(1, knee / MARGIN_DIVISOR));
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
                + ", step=" + step + ", onTimePeriods=" + onTimePeriods + "]";
    }
}
