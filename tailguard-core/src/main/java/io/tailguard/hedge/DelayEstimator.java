package io.tailguard.hedge;

/**
 * Thread-safe source of the hedge delay. Implementations allocate nothing per call.
 */
interface DelayEstimator {

    /** Value of {@link #delayNanos()} meaning "do not hedge (yet)". */
    long NEVER = Long.MAX_VALUE;

    /** Returns the delay between attempt starts for a call beginning now, or {@link #NEVER}. */
    long delayNanos();

    /** Observes the first attempt's latency (or a lower bound of it) of a finished call. */
    void record(long latencyNanos);

    /** Whether {@link #record} does anything; lets the caller skip reading the clock. */
    boolean observes();

    /** Creates the estimator that implements {@code delay}. */
    static DelayEstimator of(HedgeDelay delay) {
        if (delay instanceof HedgeDelay.Fixed fixed) {
            return new FixedDelayEstimator(fixed.patience().toNanos());
        }
        HedgeDelay.Percentile percentile = (HedgeDelay.Percentile) delay;
        return new PercentileDelayEstimator(percentile.percentile(), percentile.windowSize(),
                percentile.minSamples(), percentile.floor().toNanos());
    }
}
