package io.tailguard.journal.worker;

/**
 * Thread-safe (stateless): how the journal waits for one of its background threads to end when
 * it stops, so that a stop is bounded and an interrupt of the stopping thread is never lost.
 */
public final class Threads {

    private Threads() {
    }

    /**
     * Waits up to {@code timeoutMillis} for {@code thread} (none when null) to end. An interrupt
     * ends the wait early and stays set on the calling thread, for its own caller to see.
     */
    public static void awaitEnd(Thread thread, long timeoutMillis) {
        if (thread == null) {
            return;
        }
        try {
            thread.join(timeoutMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
