package io.tailguard.sim.calltree;

import io.tailguard.sim.SimScheduler;

/**
 * Not thread-safe view of the simulator's event loop in the published lab's time unit: events are
 * placed at a {@code double} number of milliseconds, run in (time, scheduling order) on a
 * {@link SimScheduler}, and an event later than the horizon is never run (the published loop stops at
 * the first event past the run's end; an event can only create events at or after its own time, so
 * dropping late events when they are scheduled is the same thing).
 *
 * <p>The published model keeps times as doubles and judges deadlines on them unrounded, so each event
 * carries its exact double time ({@link #nowMs()}) while the scheduler orders it by whole nanoseconds.
 */
public final class MillisClockLoop {

    private static final double NANOS_PER_MS = 1_000_000.0;

    private final SimScheduler scheduler = new SimScheduler();
    private final double horizonMs;
    private double nowMs;

    /** Creates a loop that runs events at times up to and including {@code horizonMs}. */
    public MillisClockLoop(double horizonMs) {
        this.horizonMs = horizonMs;
    }

    /** Runs {@code task} at {@code timeMs} (not before now), after every event already placed at that time. */
    public void at(double timeMs, Runnable task) {
        if (timeMs > horizonMs) {
            return;
        }
        long delayNanos = Math.round(timeMs * NANOS_PER_MS) - scheduler.nowNanos();
        scheduler.schedule(delayNanos, () -> {
            nowMs = timeMs;
            task.run();
        });
    }

    /** Returns the exact time of the event being run, in milliseconds. */
    public double nowMs() {
        return nowMs;
    }

    /** Returns the horizon: the run's length in milliseconds. */
    public double horizonMs() {
        return horizonMs;
    }

    /** Runs every event in order until none is left. */
    public void run() {
        scheduler.runUntilIdle();
    }
}
