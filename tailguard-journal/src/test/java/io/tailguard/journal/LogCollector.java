package io.tailguard.journal;

import io.tailguard.time.NanoClock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Thread-safe test helper: an error handler that keeps every line and lets a test wait for one. */
final class LogCollector implements ErrorHandler {

    private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(20);

    private final List<String> lines = new ArrayList<>();

    @Override
    public synchronized void onError(String message, Throwable cause) {
        lines.add(cause == null ? message : message + ": " + cause);
        notifyAll();
    }

    /** Waits (up to 20 s) until a line contains {@code part} and returns it. */
    synchronized String await(String part) throws InterruptedException {
        NanoClock clock = NanoClock.system();
        long deadline = clock.nanoTime() + WAIT_NANOS;
        while (true) {
            for (String line : lines) {
                if (line.contains(part)) {
                    return line;
                }
            }
            long left = deadline - clock.nanoTime();
            if (left <= 0) {
                throw new AssertionError("no line containing \"" + part + "\" within 20 s; lines: " + lines);
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
    }

    /** Returns how many lines contain {@code part}. */
    synchronized long count(String part) {
        return lines.stream().filter(l -> l.contains(part)).count();
    }

    /** Returns a copy of every line so far. */
    synchronized List<String> lines() {
        return new ArrayList<>(lines);
    }
}
