package io.tailguard.journal.durability;

import java.nio.ByteBuffer;

/** Not thread-safe: every record waits for a force; a force is due as soon as one is unforced. */
final class SyncPolicy implements DurabilityPolicy {

    private boolean pending;

    @Override
    public boolean onAppend(ByteBuffer payload, long nowNanos) {
        pending = true;
        return true;
    }

    @Override
    public void onForce(long nowNanos) {
        pending = false;
    }

    @Override
    public long forceDueAtNanos() {
        return pending ? 0 : NEVER;
    }
}
