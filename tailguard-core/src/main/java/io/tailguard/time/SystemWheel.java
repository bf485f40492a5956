package io.tailguard.time;

import java.time.Duration;

/** Holder of the process-wide real-time {@link WheelScheduler}, started on first use. */
final class SystemWheel {

    /**
     * 512 ticks of 2^20 ns: one turn is about 0.54 s; later deadlines wait out whole turns. A stripe
     * per thread of a pool of twice the processors (Netty's default event loops), so threads that
     * start a timer per request do not contend for one lock.
     */
    static final WheelScheduler INSTANCE = new WheelScheduler(NanoClock.system(), Duration.ofNanos(1L << 20), 512,
            stripesFor(Runtime.getRuntime().availableProcessors())).startThread("tailguard-timer");

    private SystemWheel() {
    }

    /** The smallest power of two at least twice {@code processors}, at most 64. */
    static int stripesFor(int processors) {
        int wanted = Math.min(64, Math.max(1, 2 * processors));
        return Integer.bitCount(wanted) == 1 ? wanted : Integer.highestOneBit(wanted) << 1;
    }
}
