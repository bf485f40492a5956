package io.tailguard.proxy;

import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** Thread-safe: records a proxy's counted events so a test can wait for one instead of sleeping. */
final class Events {

    private final BlockingQueue<String> events = new LinkedBlockingQueue<>();

    Events(ProxyServer proxy) {
        proxy.metrics().listen((event, detail) -> events.add(event + ":" + detail));
    }

    /** Waits (at most 5 s) for the event {@code "name:detail"}, skipping others. */
    void await(String expected) throws InterruptedException {
        if (!poll(expected, Duration.ofSeconds(5))) {
            throw new AssertionError("event " + expected + " did not happen within 5 s");
        }
    }

    /** Waits at most {@code within} for the event {@code "name:detail"}, skipping others; false if it did not come. */
    boolean poll(String expected, Duration within) throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        while (true) {
            String next = events.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            if (next == null) {
                return false;
            }
            if (next.equals(expected)) {
                return true;
            }
        }
    }
}
