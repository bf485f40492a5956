package io.tailguard.sim.arrival;

/** Not thread-safe: arrival k at {@code offset + k * interval} exactly. */
final class ConstantStream implements ArrivalStream {

    private final long offsetNanos;
    private final long intervalNanos;
    private long k;

    ConstantStream(long offsetNanos, long intervalNanos) {
        this.offsetNanos = offsetNanos;
        this.intervalNanos = intervalNanos;
    }

    @Override
    public long nextNanos() {
        long next = offsetNanos + k++ * intervalNanos;
        return next < offsetNanos ? END : next;
    }
}
