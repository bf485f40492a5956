package io.tailguard.load;

import io.tailguard.time.NanoClock;
import java.util.concurrent.locks.LockSupport;

/**
 * Not thread-safe (used by the pacing thread): waits until a due time. It parks until
 * {@code spinNanos} before the deadline and spins the rest. On a 2-core machine the generator must
 * not hold a core (the event loop and the target need them), so it only parks; a park overshoots
 * by tens of microseconds, and requests due meanwhile leave together, late by that much. The
 * lateness is counted in their latency and in the generator's "behind" figure, never hidden.
 */
final class Pacer {

    /**
     * The pacing thread wakes at most once per this interval. At high rates the event loops release
     * due requests themselves whenever a response arrives, so waking for every due time would cost
     * a park and a cross-thread wake-up per request for little; a request whose loop is idle waits
     * at most this long, which its latency and the "behind" figure include.
     */
    static final long MIN_GAP_NANOS = 200_000L;

    /** How long before a deadline to stop parking and spin, on machines with 4 cores or more. */
    static final long SPIN_NANOS = 50_000L;

    private final NanoClock clock;
    private final long spinNanos;

    Pacer(NanoClock clock, long spinNanos) {
        this.clock = clock;
        this.spinNanos = spinNanos;
    }

    /** Spins the last {@link #SPIN_NANOS} on 4 cores or more; only parks below that. */
    static Pacer forCores(NanoClock clock, int cores) {
        return new Pacer(clock, cores >= 4 ? SPIN_NANOS : 0);
    }

    /** Returns at or after {@code deadlineNanos}. */
    void awaitUntil(long deadlineNanos) {
        long now;
        while ((now = clock.nanoTime()) < deadlineNanos) {
            long wait = deadlineNanos - now;
            if (wait > spinNanos) {
                LockSupport.parkNanos(wait - spinNanos);
            } else {
                Thread.onSpinWait();
            }
        }
    }
}
