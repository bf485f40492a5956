package io.tailguard.lab.live.planlive;

/**
 * Thread-safe (immutable): one scenario at one load, live and planned, and the gaps between them.
 * Every rate is per second; latencies are of the goodput, in milliseconds (NaN: none). The plan
 * runs at the rate the live generators drew ({@code liveOffered}), not the nominal one; its figures
 * are the medians of its seeds.
 *
 * @param scenario       the scenario's label
 * @param loadX          the load as a multiple of capacity
 * @param offeredRps     the nominal rate both sides were offered
 * @param liveOffered    requests the live generators scheduled
 * @param planOffered    requests that arrived in the plan
 * @param liveGoodput    live 2xx within the patience
 * @param planGoodput    planned 2xx within the patience
 * @param liveP99        live p99
 * @param planP99        planned p99 (the seeds' median)
 * @param planP99Low     the lowest seed's p99
 * @param planP99High    the highest seed's p99
 * @param liveRejected   live 429 and 503 answers
 * @param planRejected   planned 429 and 503 answers
 * @param liveGone       live requests unanswered within the patience
 * @param planGone       planned requests whose client left first
 * @param liveErrors     live answers of another status, or connections lost
 * @param backendServiceMs the live backends' drawn service time per request over the measured span
 * @param backendLateMs  how late the live backends' service times ended, on average (negative: early)
 * @param backendIdleMs  the live backends' worker idle time per request served over the measured span
 * @param liveLimit      how the live proxy's pool limit moved over the measured span (not in the CSV)
 * @param planLimit      the plan's, each figure the seeds' median (not in the CSV)
 */
record GapRow(String scenario, double loadX, double offeredRps, double liveOffered, double planOffered,
              double liveGoodput, double planGoodput, double liveP99, double planP99, double planP99Low,
              double planP99High, double liveRejected, double planRejected, double liveGone, double planGone,
              double liveErrors, double backendServiceMs, double backendLateMs,
              double backendIdleMs, LimitTrace liveLimit, LimitTrace planLimit) {

    /** Goodput within this share of live meets the target. */
    static final double GOODPUT_TARGET = 0.05;
    /** p99 within this share of live, or {@link #P99_FLOOR_MS}, whichever is larger, meets the target. */
    static final double P99_TARGET = 0.20;
    static final double P99_FLOOR_MS = 10.0;

    /** Returns (plan - live) / live goodput in percent; NaN when live had none. */
    double goodputGapPercent() {
        return liveGoodput > 0 ? 100.0 * (planGoodput - liveGoodput) / liveGoodput : Double.NaN;
    }

    /** Returns plan - live p99 in milliseconds, NaN when either had no goodput. */
    double p99GapMillis() {
        return planP99 - liveP99;
    }

    /** Returns true if goodput is within target; both sides with no goodput count as within. */
    boolean goodputMet() {
        if (!(liveGoodput > 0)) {
            return !(planGoodput > 0);
        }
        return Math.abs(goodputGapPercent()) <= 100.0 * GOODPUT_TARGET;
    }

    /** Returns true if p99 is within target, or the load is below 1x where none is set. */
    boolean p99Met() {
        if (loadX < 1.0) {
            return true;
        }
        if (Double.isNaN(liveP99) || Double.isNaN(planP99)) {
            return Double.isNaN(liveP99) == Double.isNaN(planP99);
        }
        return Math.abs(planP99 - liveP99) <= Math.max(P99_TARGET * liveP99, P99_FLOOR_MS);
    }
}
