package io.tailguard.sim;

import io.tailguard.admission.RejectReason;
import java.util.ArrayList;
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
    private long arrivals;
    private long accepted;
    private long completed;
    private final long[] rejected = new long[REASONS];
    private final long[] shed = new long[REASONS];
    private final Histogram latency;
    private long clampedLatencies;
    private double areaQueue;
    private double areaInSystem;
    private double areaBusy;
    private int maxQueue;
    private int maxInSystem;
    private long started;
    private double waitSumNanos;
    private long departures;
    private double sojournSumNanos;

    // current interval
    private final List<IntervalStats> intervals = new ArrayList<>();
    private long intervalStartNanos;
    private long intervalEndNanos;
    private long iArrivals;
    private long iAccepted;
    private long iCompleted;
    private final long[] iRejected = new long[REASONS];
    private final long[] iShed = new long[REASONS];
    private final Histogram iLatency;
    private double iAreaQueue;
    private double iAreaInSystem;
    private double iAreaBusy;
    private int iMaxQueue;
    private int iMaxInSystem;

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
            areaQueue += queued * dt;
            areaInSystem += inSystem * dt;
            areaBusy += busy * dt;
            if (intervalNanos > 0) {
                iAreaQueue += queued * dt;
                iAreaInSystem += inSystem * dt;
                iAreaBusy += busy * dt;
            }
        }
    }

    void arrival() {
        arrivals++;
        iArrivals++;
    }

    void rejected(RejectReason reason) {
        rejected[reason.ordinal()]++;
        iRejected[reason.ordinal()]++;
    }

    void accepted(boolean waits) {
        accepted++;
        iAccepted++;
        inSystem++;
        if (inSystem > maxInSystem) {
            maxInSystem = inSystem;
        }
        if (inSystem > iMaxInSystem) {
            iMaxInSystem = inSystem;
        }
        if (waits) {
            queued++;
            if (queued > maxQueue) {
                maxQueue = queued;
            }
            if (queued > iMaxQueue) {
                iMaxQueue = queued;
            }
        }
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
        completed++;
        iCompleted++;
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
        shed[reason.ordinal()]++;
        iShed[reason.ordinal()]++;
        departures++;
        sojournSumNanos += sojournNanos;
    }

    private void closeInterval(long endNanos) {
        long length = endNanos - intervalStartNanos;
        IntervalStats stats = new IntervalStats(intervals.size(), intervalStartNanos, endNanos,
                new Counts(iArrivals, iAccepted, iCompleted, iRejected, iShed), iLatency.copy(),
                iMaxQueue, iMaxInSystem, iAreaQueue / length, iAreaInSystem / length, iAreaBusy / length);
        intervals.add(stats);
        listener.onInterval(stats);
        intervalStartNanos = endNanos;
        intervalEndNanos = endNanos + intervalNanos;
        iArrivals = 0;
        iAccepted = 0;
        iCompleted = 0;
        java.util.Arrays.fill(iRejected, 0);
        java.util.Arrays.fill(iShed, 0);
        iLatency.reset();
        iAreaQueue = 0;
        iAreaInSystem = 0;
        iAreaBusy = 0;
        iMaxQueue = queued;
        iMaxInSystem = inSystem;
    }

    /** Ends the run at {@code endNanos} and returns its result. */
    SimulationResult finish(long endNanos, int workers) {
        advanceTo(endNanos);
        if (intervalNanos > 0 && endNanos > intervalStartNanos) {
            closeInterval(endNanos);
        }
        double length = endNanos;
        return new SimulationResult(endNanos, workers,
                new Counts(arrivals, accepted, completed, rejected, shed), latency, clampedLatencies,
                List.copyOf(intervals), maxQueue, maxInSystem,
                length > 0 ? areaQueue / length : 0, length > 0 ? areaInSystem / length : 0,
                length > 0 ? areaBusy / length : 0,
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
}
