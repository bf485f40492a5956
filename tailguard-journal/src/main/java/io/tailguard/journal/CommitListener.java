package io.tailguard.journal;

/** Called with each new committed sequence, in order, from the thread that advanced it. */
@FunctionalInterface
public interface CommitListener {

    /**
     * Every record up to and including {@code committedSequence} is committed. Must be quick and
     * must not throw (a throw goes to the journal's error handler).
     */
    void onCommitted(long committedSequence);
}
