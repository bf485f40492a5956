package io.tailguard.journal.durability;

import java.nio.ByteBuffer;

/** Not thread-safe: forces on a large record, a cumulative value cap, or a maximum interval. */
final class SelectivePolicy implements DurabilityPolicy {

    private final Durability.Selective config;
    private final long maxIntervalNanos;
    private long accumulated;
    private long dueAtNanos = NEVER;

    SelectivePolicy(Durability.Selective config) {
        this.config = config;
        this.maxIntervalNanos = config.maxInterval().toNanos();
    }

    @Override
    public boolean onAppend(ByteBuffer payload, long nowNanos) {
        long v = config.value().applyAsLong(payload);
        if (dueAtNanos == NEVER) {
            dueAtNanos = nowNanos + maxIntervalNanos;
        }
        accumulated = v > 0 && accumulated > Long.MAX_VALUE - v ? Long.MAX_VALUE : accumulated + Math.max(0, v);
        if (v >= config.recordThreshold() || accumulated >= config.cumulativeCap()) {
            // only the record that crossed the line waits for the force; the force covers the others too
            accumulated = 0;
            dueAtNanos = 0;
            return true;
        }
        return false;
    }

    @Override
    public void onForce(long nowNanos) {
        accumulated = 0;
        dueAtNanos = NEVER;
    }

    @Override
    public long forceDueAtNanos() {
        return dueAtNanos;
    }
}
