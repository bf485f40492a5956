package io.tailguard.journal.writer;

import io.tailguard.journal.CommitListener;
import io.tailguard.journal.CommitMode;
import io.tailguard.journal.ErrorHandler;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongFunction;

/**
 * Thread-safe: the journal's three commit watermarks and everyone waiting on them (listener,
 * futures, blocked appenders). A record the durability policy made wait for a force commits at
 * the forced watermark, any other record at the plain one; {@code committed} is the contiguous
 * prefix of both. Inputs are the journal's written, must-force, forced and acknowledged sequences.
 */
public final class CommitTracker {

    private final CommitMode mode;
    private final CommitListener listener;
    private final ErrorHandler errors;
    private final LongFunction<RuntimeException> stopWaiting;
    private final Object lock = new Object();
    private final ArrayDeque<Pending> pendingPlain = new ArrayDeque<>();
    private final ArrayDeque<Pending> pendingForced = new ArrayDeque<>();
    private volatile long committed;
    private volatile long committedPlain;
    private volatile long committedForced;
    private int waiters;

    /**
     * Creates the tracker with everything up to {@code last} committed.
     *
     * @param stopWaiting returns why a waiter for a sequence must give up now, or null to keep waiting
     */
    public CommitTracker(CommitMode mode, CommitListener listener, ErrorHandler errors,
                         LongFunction<RuntimeException> stopWaiting, long last) {
        this.mode = mode;
        this.listener = listener;
        this.errors = errors;
        this.stopWaiting = stopWaiting;
        this.committed = last;
        this.committedPlain = last;
        this.committedForced = last;
    }

    public long committed() {
        return committed;
    }

    boolean reached(long sequence, boolean forcedClass) {
        return committed >= sequence || (forcedClass ? committedForced : committedPlain) >= sequence;
    }

    /** Recomputes the watermarks from the journal's and tells the listener, futures and waiters. */
    public void advance(long written, long mustForceUpTo, long forced, long acked) {
        long c = mode.committed(written, mustForceUpTo, forced, acked);
        long plain = mode.committed(written, 0, forced, acked);
        long sync = mode.committed(written, Long.MAX_VALUE, forced, acked);
        if (c <= committed && plain <= committedPlain && sync <= committedForced) {
            return;
        }
        synchronized (lock) {
            boolean progress = plain > committedPlain || sync > committedForced;
            if (plain > committedPlain) {
                committedPlain = plain;
            }
            if (sync > committedForced) {
                committedForced = sync;
            }
            if (c > committed) {
                committed = c;
                try {
                    listener.onCommitted(c);
                } catch (RuntimeException e) {
                    errors.onError("commit listener failed", e);
                }
            }
            if (!progress) {
                return;
            }
            try {
                listener.onProgress(committedPlain, committedForced);
            } catch (RuntimeException e) {
                errors.onError("commit listener failed", e);
            }
            complete(pendingPlain, Math.max(committed, committedPlain));
            complete(pendingForced, Math.max(committed, committedForced));
            if (waiters > 0) {
                lock.notifyAll();
            }
        }
    }

    /** Blocks until the record commits, or throws what {@code stopWaiting} returns. Allocates nothing. */
    public void await(long sequence, boolean forcedClass) {
        if (reached(sequence, forcedClass)) {
            return;
        }
        synchronized (lock) {
            waiters++;
            try {
                while (!reached(sequence, forcedClass)) {
                    RuntimeException stop = stopWaiting.apply(sequence);
                    if (stop != null) {
                        throw stop;
                    }
                    lock.wait();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted waiting for record " + sequence, e);
            } finally {
                waiters--;
            }
        }
    }

    /** Returns a future completing when the record commits (or at once with what {@code stopWaiting} says). */
    public CompletableFuture<Long> track(long sequence, boolean forcedClass) {
        CompletableFuture<Long> f = new CompletableFuture<>();
        synchronized (lock) {
            RuntimeException stop;
            if (reached(sequence, forcedClass)) {
                f.complete(sequence);
            } else if ((stop = stopWaiting.apply(sequence)) != null) {
                f.completeExceptionally(stop);
            } else {
                (forcedClass ? pendingForced : pendingPlain).add(new Pending(sequence, f));
            }
        }
        return f;
    }

    /** Fails every pending future with what {@code reason} returns for its sequence and wakes every waiter. */
    public void failAll(LongFunction<RuntimeException> reason) {
        synchronized (lock) {
            for (ArrayDeque<Pending> queue : java.util.List.of(pendingPlain, pendingForced)) {
                Pending p;
                while ((p = queue.poll()) != null) {
                    p.future.completeExceptionally(reason.apply(p.sequence));
                }
            }
            lock.notifyAll();
        }
    }

    private static void complete(ArrayDeque<Pending> queue, long upTo) {
        Pending p;
        while ((p = queue.peek()) != null && p.sequence <= upTo) {
            queue.poll();
            p.future.complete(p.sequence);
        }
    }

    private record Pending(long sequence, CompletableFuture<Long> future) {
    }
}
