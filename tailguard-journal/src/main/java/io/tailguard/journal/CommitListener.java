package io.tailguard.journal;

/** Receives commit progress, in order, from the thread that advanced it (calls never overlap). */
@FunctionalInterface
public interface CommitListener {

    /**
     * Every record up to and including {@code committedSequence} is committed. Must be quick and
     * must not throw (a throw goes to the journal's error handler).
     */
    void onCommitted(long committedSequence);

    /**
     * Finer progress, for policies that make only some records wait for a force ({@code selective}):
     * every record up to {@code plainSequence} that did not have to wait for a force is committed,
     * and every record up to {@code forcedSequence} that did. A record after a pending forced one
     * can therefore commit before it, which {@link #onCommitted} (a contiguous prefix) does not show.
     * Which class a record is in is told by {@link #onAppended}. Default: ignored.
     */
    default void onProgress(long plainSequence, long forcedSequence) {
    }

    /**
     * Record {@code sequence} was written; {@code waitsForForce} says which watermark of
     * {@link #onProgress} it commits at (true: the forced one, because the durability policy made
     * it wait for a force). Called in the appending thread before the append returns, so a driver
     * that tracks every record's commit learns its class without allocating (the benchmark). Must
     * be quick and must not throw (a throw goes to the journal's error handler, and the append
     * still returns: the record is written). Default: ignored.
     */
    default void onAppended(long sequence, boolean waitsForForce) {
    }
}
