package io.tailguard.hedge;

/** Thread-safe (immutable) constant patience. */
final class FixedDelayEstimator implements DelayEstimator {

    private final long patienceNanos;

    FixedDelayEstimator(long patienceNanos) {
        this.patienceNanos = patienceNanos;
    }

    @Override
    public long delayNanos() {
        return patienceNanos;
    }

    @Override
    public void record(long latencyNanos) {
        // a fixed patience learns nothing
    }

    @Override
    public boolean observes() {
        return false;
    }
}
