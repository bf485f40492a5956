package io.tailguard.sim.windowed;

import io.tailguard.sim.SimScheduler;
import java.util.function.IntConsumer;

/**
 * Not thread-safe: the series' models as events of the simulator's {@link SimScheduler}. The
 * published model keeps time as milliseconds in doubles; events are ordered on the simulator's
 * nanosecond clock ({@code round(ms × 10^6)}, which keeps their order) and carry their exact
 * millisecond time, so a model computes with the very doubles the published one does.
 */
public final class SimEvents {

    private final SimScheduler scheduler = new SimScheduler();

    /** Runs {@code task} at {@code timeMs} (not before the event being run). */
    public void at(double timeMs, Runnable task) {
        scheduler.schedule(nanos(timeMs) - scheduler.nowNanos(), task);
    }

    /** Runs every event in (time, scheduling) order until none is left. */
    public void run() {
        scheduler.runUntilIdle();
    }

    /** The simulator's nanosecond time of {@code timeMs}. */
    public static long nanos(double timeMs) {
        return Math.round(timeMs * 1e6);
    }

    /**
     * Runs {@code onArrival} for each arrival, in order, as simulator events: arrival {@code i + 1}
     * is scheduled once arrival {@code i} ran, so whatever arrival {@code i} schedules for the same
     * instant runs before it.
     */
    public static void replay(double[] arrivalsMs, IntConsumer onArrival) {
        if (arrivalsMs.length == 0) {
            return;
        }
        SimEvents events = new SimEvents();
        events.replayFrom(arrivalsMs, 0, onArrival);
        events.run();
    }

    /** Like {@link #replay(double[], IntConsumer)}, on this loop, so other events can interleave. */
    public void replayFrom(double[] arrivalsMs, int index, IntConsumer onArrival) {
        at(arrivalsMs[index], () -> {
            onArrival.accept(index);
            if (index + 1 < arrivalsMs.length) {
                replayFrom(arrivalsMs, index + 1, onArrival);
            }
        });
    }
}
