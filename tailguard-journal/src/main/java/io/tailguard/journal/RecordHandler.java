package io.tailguard.journal;

import java.nio.ByteBuffer;

/** Receives records read by a {@link Tailer}. */
@FunctionalInterface
public interface RecordHandler {

    /**
     * One record. {@code payload} is a read-only view valid only during this call (position to
     * limit); copy what you keep.
     */
    void onRecord(long sequence, ByteBuffer payload);
}
