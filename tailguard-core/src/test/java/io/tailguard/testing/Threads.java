package io.tailguard.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/** Thread-safe (stateless): runs a test body on several threads released at the same moment. */
public final class Threads {

    /** The body one thread runs; it may throw (an AssertionError fails the test). */
    @FunctionalInterface
    public interface Body {
        void run(int thread) throws Exception;
    }

    private Threads() {
    }

    /**
     * Runs {@code body} on {@code threads} threads (numbered from 0) started together, waits up to
     * 10 s for all, and rethrows the first failure.
     */
    public static void runTogether(int threads, Body body) throws Exception {
        runTogether(threads, Duration.ofSeconds(10), body);
    }

    /** As {@link #runTogether(int, Body)}, waiting up to {@code limit} for all. */
    public static void runTogether(int threads, Duration limit, Body body) throws Exception {
        ExecutorService executor = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                done.add(executor.submit(() -> {
                    start.await();
                    body.run(thread);
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> future : done) {
                future.get(limit.toMillis(), TimeUnit.MILLISECONDS);
            }
        } finally {
            executor.shutdownNow();
        }
    }
}
