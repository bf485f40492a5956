package io.tailguard.load;

import io.tailguard.time.NanoClock;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Not thread-safe (started and stopped by one caller): the thread that closes a step's interval
 * once per second and hands its progress line on. {@link #stop} returns after the thread ended, so
 * the caller may then use the recorder itself.
 */
final class Reporter implements Runnable {

    private static final long SECOND_NANOS = 1_000_000_000L;

    private final NanoClock clock;
    private final StepRecorder recorder;
    private final Consumer<String> progress;
    private final long measuredStartNanos;
    private final Thread thread;
    private long nextNanos;
    private volatile boolean stopped;

    Reporter(NanoClock clock, StepRecorder recorder, Consumer<String> progress, long firstNanos,
             long measuredStartNanos) {
        this.clock = clock;
        this.recorder = recorder;
        this.progress = progress;
        this.nextNanos = firstNanos;
        this.measuredStartNanos = measuredStartNanos;
        this.thread = new Thread(this, "tailguard-load-reporter");
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    @Override
    public void run() {
        while (!stopped) {
            long now = clock.nanoTime();
            if (now < nextNanos) {
                LockSupport.parkNanos(this, nextNanos - now);
                continue;
            }
            progress.accept(recorder.report(now, measuredStartNanos));
            nextNanos += SECOND_NANOS;
        }
    }

    /** Stops the thread and waits for it. */
    void stop() {
        stopped = true;
        LockSupport.unpark(thread);
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
