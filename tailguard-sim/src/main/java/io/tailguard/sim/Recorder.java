package io.tailguard.sim;

import io.tailguard.admission.RejectReason;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Not thread-safe bookkeeping of one run: the station's occupancy, counters, latency histograms and
 * time-weighted areas, for the whole run and per interval. The engine tells it every change; it
 * allocates only when an interval closes.
 */
final class Recorder implements SimulationView {

    private static final int REASONS = RejectReason.values().length;

    private final long unitNanos;
    private final long highestValue;
    private final long intervalNanos;
    private final SimulationListener listener;

    // occupancy
    private long nowNanos;
    private int queued;
    private int busy;
    private int inSystem;

    // whole run
    private final Tally run = new Tally();
    private final Histogram latency;
    private long clampedLatencies;
    private long started;
    private double waitSumNanos;
    private long departures;
    private double sojournSumNanos;

    // current interval
    private final Tally interval = new Tally();
    private final List<IntervalStats> intervals = new ArrayList<>();
    private long intervalStartNanos;
    private long intervalEndNanos;
    private final Histogram iLatency;

    Recorder(HistogramSpec spec, long intervalNanos, SimulationListener listener) {
        this.unitNanos = spec.unit().toNanos();
        this.highestValue = spec.highestTrackableValue();
        this.intervalNanos = intervalNanos;
        this.listener = listener;
        this.latency = spec.newHistogram();
        this.iLatency = intervalNanos > 0 ? spec.newHistogram() : null;
        this.intervalEndNanos = intervalNanos > 0 ? intervalNanos : Long.MAX_VALUE;
    }

    /** Moves time to {@code timeNanos}, integrating occupancy and closing intervals on the way. */
    void advanceTo(long timeNanos) {
        while (timeNanos >= intervalEndNanos) {
            integrate(intervalEndNanos - nowNanos);
            nowNanos = intervalEndNanos;
            closeInterval(intervalEndNanos);
        }
        integrate(timeNanos - nowNanos);
        nowNanos = timeNanos;
    }

    private void integrate(long dtNanos) {
        if (dtNanos > 0) {
            double dt = dtNanos;
            run.integrate(queued, inSystem, busy, dt);
            if (intervalNanos > 0) {
                interval.integrate(queued, inSystem, busy, dt);
            }
        }
    }

    void arrival() {
        run.arrivals++;
        interval.arrivals++;
    }

    void rejected(RejectReason reason) {
        run.rejected[reason.ordinal()]++;
        interval.rejected[reason.ordinal()]++;
    }

    void accepted(boolean waits) {
        inSystem++;
        if (waits) {
            queued++;
        }
        run.accepted(queued, inSystem);
        interval.accepted(queued, inSystem);
    }

    void started(long waitedNanos, boolean fromQueue) {
        busy++;
        started++;
        waitSumNanos += waitedNanos;
        if (fromQueue) {
            queued--;
        }
    }

    void completed(long latencyNanos) {
        busy--;
        inSystem--;
        run.completed++;
        interval.completed++;
        departures++;
        sojournSumNanos += latencyNanos;
        long value = latencyNanos / unitNanos;
        if (value > highestValue) {
            value = highestValue;
            clampedLatencies++;
        }
        latency.recordValue(value);
        if (iLatency != null) {
            iLatency.recordValue(value);
        }
    }

    void shed(RejectReason reason, long sojournNanos) {
        queued--;
        inSystem--;
        run.shed[reason.ordinal()]++;
        interval.shed[reason.ordinal()]++;
        departures++;
        sojournSumNanos += sojournNanos;
    }

    private void closeInterval(long endNanos) {
        long length = endNanos - intervalStartNanos;
        IntervalStats stats = new IntervalStats(intervals.size(), intervalStartNanos, endNanos,
                interval.counts(), iLatency.copy(), interval.maxQueue, interval.maxInSystem,
                interval.areaQueue / length, interval.areaInSystem / length, interval.areaBusy / length);
        intervals.add(stats);
        listener.onInterval(stats);
        intervalStartNanos = endNanos;
        intervalEndNanos = endNanos + intervalNanos;
        interval.restart(queued, inSystem);
        iLatency.reset();
    }

    /** Ends the run at {@code endNanos} and returns its result. */
    SimulationResult finish(long endNanos, int workers) {
        advanceTo(endNanos);
        if (intervalNanos > 0 && endNanos > intervalStartNanos) {
            closeInterval(endNanos);
        }
        double length = endNanos;
        return new SimulationResult(endNanos, workers,
                run.counts(), latency, clampedLatencies, List.copyOf(intervals), run.maxQueue, run.maxInSystem,
                length > 0 ? run.areaQueue / length : 0, length > 0 ? run.areaInSystem / length : 0,
                length > 0 ? run.areaBusy / length : 0,
                started, started > 0 ? waitSumNanos / started : 0,
                departures, departures > 0 ? sojournSumNanos / departures : 0,
                queued, busy);
    }

    @Override
    public long nowNanos() {
        return nowNanos;
    }

    @Override
    public int queueDepth() {
        return queued;
    }

    @Override
    public int inService() {
        return busy;
    }

    @Override
    public int inSystem() {
        return inSystem;
    }

    /** Not thread-safe: the counters, peaks and time-weighted areas of one span, the whole run or one interval. */
    private static final class Tally {
        long arrivals;
        long accepted;
        long completed;
        final long[] rejected = new long[REASONS];
        final long[] shed = new long[REASONS];
        double areaQueue;
        double areaInSystem;
        double areaBusy;
        int maxQueue;
        int maxInSystem;

        void integrate(int queued, int inSystem, int busy, double dt) {
            areaQueue += queued * dt;
            areaInSystem += inSystem * dt;
            areaBusy += busy * dt;
        }

        /** Counts an admission that left {@code queued} waiting and {@code inSystem} inside. */
        void accepted(int queued, int inSystem) {
            accepted++;
            maxInSystem = Math.max(maxInSystem, inSystem);
            maxQueue = Math.max(maxQueue, queued);
        }

        Counts counts() {
            return new Counts(arrivals, accepted, completed, rejected, shed);
        }

        /** Empties the span; its peaks start from the occupancy carried over. */
        void restart(int queued, int inSystem) {
            arrivals = 0;
            accepted = 0;
            completed = 0;
            Arrays.fill(rejected, 0);
            Arrays.fill(shed, 0);
            areaQueue = 0;
            areaInSystem = 0;
            areaBusy = 0;
            maxQueue = queued;
            maxInSystem = inSystem;
        }
    }
}
