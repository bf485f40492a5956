package io.tailguard.sim.arrival;

/** Not thread-safe: arrival k at {@code round(k * interval)}, so fractional spacings do not drift. */
final class ConstantRateStream implements ArrivalStream {

    private final double intervalNanos;
    private long k;

    ConstantRateStream(double intervalNanos) {
        this.intervalNanos = intervalNanos;
    }

    @Override
    public long nextNanos() {
        double next = k++ * intervalNanos;
        return next >= 9.0e18 ? END : Math.round(next);
    }
}
