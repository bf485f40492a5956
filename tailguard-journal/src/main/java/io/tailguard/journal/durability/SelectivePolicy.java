package io.tailguard.journal.durability;

import java.nio.ByteBuffer;
import java.util.function.ToLongFunction;

/** Not thread-safe: forces on a large record, a cumulative value cap, or a maximum interval. */
final class SelectivePolicy implements DurabilityPolicy {

    private final ToLongFunction<ByteBuffer> value;
    private final long recordThreshold;
    private final long cumulativeCap;
    private final long maxIntervalNanos;
    private long accumulated;
    private boolean triggered;
    private long dueAtNanos = NEVER;

    SelectivePolicy(ToLongFunction<ByteBuffer> value, long recordThreshold, long cumulativeCap, long maxIntervalNanos) {
        this.value = value;
        this.recordThreshold = recordThreshold;
        this.cumulativeCap = cumulativeCap;
        this.maxIntervalNanos = maxIntervalNanos;
    }

    @Override
    public boolean onAppend(ByteBuffer payload, long nowNanos) {
        long v = value.applyAsLong(payload);
        if (dueAtNanos == NEVER) {
            dueAtNanos = nowNanos + maxIntervalNanos;
        }
        accumulated = v > 0 && accumulated > Long.MAX_VALUE - v ? Long.MAX_VALUE : accumulated + Math.max(0, v);
        if (v >= recordThreshold || accumulated >= cumulativeCap) {
            triggered = true;
            dueAtNanos = 0;
            return true;
        }
        return triggered;
    }

    @Override
    public void onForce(long nowNanos) {
        accumulated = 0;
        triggered = false;
        dueAtNanos = NEVER;
    }

    @Override
    public long forceDueAtNanos() {
        return dueAtNanos;
    }
}
