package io.tailguard.lab.live.edge;

import io.tailguard.time.NanoClock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Thread-safe record of when the backend started and finished each request, keyed by the
 * {@code X-Request-Id} the client sent. The Rack app prints one line per event on Puma's output;
 * {@link #accept} timestamps each line with the lab's clock as it arrives through the pipe, so the
 * backend's times and the clients' times come from one clock.
 */
final class BackendLog {

    static final String START = "tailguard-backend start ";
    static final String DONE = "tailguard-backend done ";

    /** When the backend started and (if it has) finished one request, in the lab clock's nanoseconds. */
    record Work(long startNanos, long doneNanos) {
        static final long NOT_DONE = Long.MIN_VALUE;

        boolean done() {
            return doneNanos != NOT_DONE;
        }

        double seconds() {
            return (doneNanos - startNanos) / 1e9;
        }
    }

    private final NanoClock clock;
    private final Map<String, Work> work = new HashMap<>();
    private int inProgress;
    private long lastEventNanos;

    BackendLog(NanoClock clock) {
        this.clock = clock;
        this.lastEventNanos = clock.nanoTime();
    }

    /** Reads one output line of the backend; lines that are not the app's events are ignored. */
    void accept(String line) {
        long now = clock.nanoTime();
        synchronized (this) {
            if (line.startsWith(START)) {
                work.put(line.substring(START.length()).trim(), new Work(now, Work.NOT_DONE));
                inProgress++;
            } else if (line.startsWith(DONE)) {
                String id = line.substring(DONE.length()).trim();
                Work started = work.get(id);
                if (started != null && !started.done()) {
                    work.put(id, new Work(started.startNanos(), now));
                    inProgress--;
                }
            } else {
                return;
            }
            lastEventNanos = now;
            notifyAll();
        }
    }

    /** Returns the backend's work on request {@code id}, if it started it. */
    synchronized Optional<Work> work(String id) {
        return Optional.ofNullable(work.get(id));
    }

    /**
     * Waits until the backend has nothing in progress and has been quiet for {@code quiet}, or until
     * {@code limit} has passed.
     *
     * @return whether the backend went quiet within the limit
     */
    synchronized boolean awaitQuiet(Duration quiet, Duration limit) throws InterruptedException {
        long end = clock.nanoTime() + limit.toNanos();
        while (true) {
            long now = clock.nanoTime();
            long quietUntil = lastEventNanos + quiet.toNanos();
            if (inProgress == 0 && now >= quietUntil) {
                return true;
            }
            if (now >= end) {
                return false;
            }
            long waitNanos = Math.min(end - now, inProgress == 0 ? quietUntil - now : end - now);
            wait(Math.max(1, waitNanos / 1_000_000));
        }
    }
}
