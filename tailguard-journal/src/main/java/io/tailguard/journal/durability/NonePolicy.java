package io.tailguard.journal.durability;

import java.nio.ByteBuffer;

/** Thread-safe (stateless): never forces; the OS writes pages back when it likes. */
final class NonePolicy implements DurabilityPolicy {

    @Override
    public boolean onAppend(ByteBuffer payload, long nowNanos) {
        return false;
    }

    @Override
    public void onForce(long nowNanos) {
    }

    @Override
    public long forceDueAtNanos() {
        return NEVER;
    }
}
