package io.tailguard.journal.durability;

import java.nio.ByteBuffer;

/** Not thread-safe: every record waits for the next force; forces are {@code intervalNanos} apart. */
final class PeriodicPolicy implements DurabilityPolicy {

    private final long intervalNanos;
    private boolean pending;
    private long dueAtNanos = NEVER;

    PeriodicPolicy(long intervalNanos) {
        this.intervalNanos = intervalNanos;
    }

    @Override
    public boolean onAppend(ByteBuffer payload, long nowNanos) {
        if (!pending) {
            pending = true;
            // the first unforced record starts the clock, so an idle journal does not force
            dueAtNanos = nowNanos + intervalNanos;
        }
        return true;
    }

    @Override
    public void onForce(long nowNanos) {
        pending = false;
        dueAtNanos = NEVER;
    }

    @Override
    public long forceDueAtNanos() {
        return dueAtNanos;
    }
}
