package io.tailguard.load;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Thread-safe counters of one step: written by the one thread that runs the step's
 * {@link Engine}, read by the progress reporter at any time. Single writer, so increments are a
 * read and a release store, not an atomic read-modify-write.
 */
final class Tally {

    /** Status codes 0..599 are counted one by one; anything else lands in slot 0. */
    static final int STATUS_SLOTS = 600;

    final AtomicLong sent = new AtomicLong();
    final AtomicLong ok = new AtomicLong();
    final AtomicLong shed = new AtomicLong();
    final AtomicLong errors = new AtomicLong();
    final AtomicLong timeouts = new AtomicLong();
    /** Requests released by the schedule but waiting for a free connection, now. */
    final AtomicLong waiting = new AtomicLong();
    /** The most requests that waited for a free connection at once. */
    final AtomicLong waitingMax = new AtomicLong();
    /** Requests that waited for a free connection at least once. */
    final AtomicLong connectionWaits = new AtomicLong();
    /** Of those, requests no new connection could take: every slot up to the maximum was open. */
    final AtomicLong waitsAtMax = new AtomicLong();
    /** Connections opened so far (each slot counts once, however often it reconnected). */
    final AtomicLong opened = new AtomicLong();
    /** The largest lateness of a release since the reporter last took it (see {@link #takeLateMax}). */
    private final AtomicLong lateMaxNanos = new AtomicLong();
    final AtomicLongArray statuses = new AtomicLongArray(STATUS_SLOTS);
    /** When the engine last released due requests: the pacer need not wake it for anything due before. */
    final AtomicLong tickedNanos = new AtomicLong(Long.MIN_VALUE);

    static void increment(AtomicLong counter) {
        counter.lazySet(counter.get() + 1);
    }

    static void add(AtomicLong counter, long n) {
        counter.lazySet(counter.get() + n);
    }

    void opened(long count) {
        opened.lazySet(count);
    }

    void status(int code) {
        int slot = code >= 0 && code < STATUS_SLOTS ? code : 0;
        statuses.lazySet(slot, statuses.get(slot) + 1);
    }

    void late(long nanos) {
        // written by the engine, reset by the reporter: CAS so a reset is never undone
        long current;
        while (nanos > (current = lateMaxNanos.get())) {
            if (lateMaxNanos.compareAndSet(current, nanos)) {
                return;
            }
        }
    }

    /** Returns the largest lateness since the last call and starts a new interval. */
    long takeLateMax() {
        return lateMaxNanos.getAndSet(0);
    }

    void waiting(long count) {
        waiting.lazySet(count);
        if (count > waitingMax.get()) {
            waitingMax.lazySet(count);
        }
    }

    /** Requests answered, failed or timed out. */
    long completed() {
        return ok.get() + shed.get() + errors.get() + timeouts.get();
    }
}
