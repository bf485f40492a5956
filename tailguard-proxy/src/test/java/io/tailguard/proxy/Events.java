package io.tailguard.proxy;

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
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (true) {
            String next = events.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            if (next == null) {
                throw new AssertionError("event " + expected + " did not happen within 5 s");
            }
            if (next.equals(expected)) {
                return;
            }
        }
    }
}
