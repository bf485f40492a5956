package io.tailguard.time;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Thread-safe clock that moves only when told to, for tests and simulation. Time never goes
 * backwards: {@link #advance} rejects negative steps and {@link #setNanos} rejects earlier times.
 */
public final class ManualClock implements NanoClock {

    private final AtomicLong nowNanos;

    /** Creates a clock reading zero. */
    public ManualClock() {
        this(0L);
    }

    /** Creates a clock reading {@code startNanos}. */
    public ManualClock(long startNanos) {
        this.nowNanos = new AtomicLong(startNanos);
    }

    @Override
    public long nanoTime() {
        return nowNanos.get();
    }

    /** Moves the clock forward by {@code step} and returns the new time in nanoseconds. */
    public long advance(Duration step) {
        return advanceNanos(step.toNanos());
    }

    /** Moves the clock forward by {@code stepNanos} and returns the new time. */
    public long advanceNanos(long stepNanos) {
        if (stepNanos < 0) {
            throw new IllegalArgumentException("stepNanos must be >= 0 but was " + stepNanos);
        }
        return nowNanos.addAndGet(stepNanos);
    }

    /** Sets the clock to {@code timeNanos}, which must not be earlier than the current time. */
    public void setNanos(long timeNanos) {
        long current = nowNanos.get();
        if (timeNanos < current) {
            throw new IllegalArgumentException(
                    "timeNanos must be >= current time " + current + " but was " + timeNanos);
        }
        nowNanos.accumulateAndGet(timeNanos, Math::max);
    }

    @Override
    public String toString() {
        return "ManualClock[" + nowNanos.get() + "ns]";
    }
}
