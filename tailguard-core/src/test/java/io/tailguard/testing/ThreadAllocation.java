package io.tailguard.testing;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Counts the heap bytes the calling thread allocates, for the allocation-free guards of the
 * default test run (JMH {@code -prof gc} in tailguard-bench is the measurement of record).
 */
public final class ThreadAllocation {

    /** Measured runs of a body; the fewest bytes among them count. */
    private static final int RUNS = 3;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private ThreadAllocation() {
    }

    /** Returns whether this JVM counts a thread's allocated bytes (the guards skip otherwise). */
    public static boolean supported() {
        return THREADS instanceof com.sun.management.ThreadMXBean bean
                && bean.isThreadAllocatedMemorySupported() && bean.isThreadAllocatedMemoryEnabled();
    }

    /** Returns the bytes the calling thread has allocated so far. */
    public static long allocatedBytes() {
        return ((com.sun.management.ThreadMXBean) THREADS).getCurrentThreadAllocatedBytes();
    }

    /**
     * Runs {@code body} once to warm up, then {@value #RUNS} more times, and returns the fewest
     * bytes one of those runs allocated. An allocation per decision shows in every run; a one-off
     * one need not (compilation and class loading go on at run time: one run of an otherwise
     * allocation-free million lease decisions once counted 1,328 bytes).
     */
    public static long steadyBytes(Runnable body) {
        body.run();
        long fewest = Long.MAX_VALUE;
        for (int i = 0; i < RUNS; i++) {
            long before = allocatedBytes();
            body.run();
            fewest = Math.min(fewest, allocatedBytes() - before);
        }
        return fewest;
    }
}
