package io.tailguard.hedge;

/**
 * Thread-safe (immutable) constant patience.
 *
 * @param delayNanos the patience, in nanoseconds: the record's accessor is {@link DelayEstimator#delayNanos()}
 */
record FixedDelayEstimator(long delayNanos) implements DelayEstimator {

    @Override
    public void record(long latencyNanos) {
        // a fixed patience learns nothing
    }

    @Override
    public boolean observes() {
        return false;
    }
}
