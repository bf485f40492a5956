package io.tailguard.sim.snapshot;

import io.tailguard.admission.RejectReason;
import io.tailguard.sim.SimulationListener;
import io.tailguard.sim.SimulationResult;
import io.tailguard.sim.SimulationView;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.HdrHistogram.Histogram;

/**
 * Not thread-safe simulation listener that cuts a run into snapshot windows by <em>arrival</em>:
 * each request counts in the window it arrived in (as the published backpressure model does), even
 * if it completes later, and a window closes once no arrival can fall in it and nothing of it is in
 * flight. The run's totals (offered, accepted, rejected, most requests held) are the simulator's
 * own {@link SimulationResult}. "Buffered" is the station's occupancy, read from the simulator's
 * view right after each admission decision. Latencies are whole milliseconds rounded half up (the
 * published rounding, which the simulator's truncating histograms do not give) in an HdrHistogram
 * of 60 000 ms, 3 digits.
 */
public final class ArrivalSnapshots implements SimulationListener {

    /** Largest latency recorded, milliseconds; slower ones count as this. */
    public static final long HIGHEST_MILLIS = 60_000;

    /** Which window a request belongs to. */
    @FunctionalInterface
    public interface Windows {
        /** Returns the window of request {@code id}, which arrived at {@code arrivalNanos}; never decreasing. */
        int windowOf(long id, long arrivalNanos);
    }

    private final Windows windows;
    private final boolean sampleBuffered;
    private final Histogram run = newHistogram();
    private final WindowRing open = new WindowRing();
    private final ArrayDeque<Histogram> spare = new ArrayDeque<>();
    private final List<ArrivalSnapshot> rows = new ArrayList<>();
    private SimulationView station;
    private int nextIndex;

    /**
     * Creates a recorder that cuts windows with {@code windows}; {@code sampleBuffered} is false for
     * stations that hold no requests (rate gates), whose snapshots then say 0 buffered.
     */
    public ArrivalSnapshots(Windows windows, boolean sampleBuffered) {
        this.windows = Objects.requireNonNull(windows, "windows");
        this.sampleBuffered = sampleBuffered;
    }

    @Override
    public void onStart(SimulationView view) {
        this.station = view;
    }

    @Override
    public void onArrival(long id, long nowNanos) {
        int index = windows.windowOf(id, nowNanos);
        while (nextIndex <= index) {
            open.addLast(new Window(nextIndex++, take()));
        }
        open.peekLast().lastArrivalNanos = nowNanos;
        closeFinished();
    }

    @Override
    public void onAdmitted(long id, long nowNanos) {
        Window w = open.peekLast();
        w.accepted++;
        w.outstanding++;
        sampleBuffered(w);
    }

    @Override
    public void onRejected(long id, RejectReason reason, long nowNanos) {
        Window w = open.peekLast();
        w.rejected++;
        sampleBuffered(w);
    }

    @Override
    public void onCompleted(long id, long arrivalNanos, long startNanos, long nowNanos) {
        long millis = Math.min(HIGHEST_MILLIS, (nowNanos - arrivalNanos + 500_000) / 1_000_000);
        run.recordValue(millis);
        Window w = find(windows.windowOf(id, arrivalNanos));
        w.latency.recordValue(millis);
        w.outstanding--;
        closeFinished();
    }

    @Override
    public void onShed(long id, RejectReason reason, long arrivalNanos, long nowNanos) {
        // None of the five stations sheds after admission (no queueing timeout); keep the books right anyway.
        find(windows.windowOf(id, arrivalNanos)).outstanding--;
        closeFinished();
    }

    /** Returns how many windows arrivals have opened so far: one past the last arrival's window. */
    public int opened() {
        return nextIndex;
    }

    /**
     * Closes every window, opening empty ones up to {@code count} first, and returns the snapshots
     * in window order. Call it once the drained run has ended.
     */
    public List<ArrivalSnapshot> finish(int count) {
        while (nextIndex < count) {
            open.addLast(new Window(nextIndex++, take()));
        }
        while (!open.isEmpty()) {
            close(open.pollFirst());
        }
        return List.copyOf(rows);
    }

    /** Returns the whole run's latency at {@code percentile} (0–100) in milliseconds, 0 if none completed. */
    public long percentileMillis(double percentile) {
        return percentile(run, percentile);
    }

    private void sampleBuffered(Window w) {
        if (sampleBuffered) {
            w.maxBuffered = Math.max(w.maxBuffered, station.inSystem());
        }
    }

    private Window find(int index) {
        int offset = index - open.peekFirst().index;
        if (offset < 0 || offset >= open.size()) {
            throw new IllegalStateException("window " + index + " is not open");
        }
        return open.get(offset);
    }

    /** Closes leading windows that can receive no more arrivals and have nothing in flight. */
    private void closeFinished() {
        while (open.size() > 1 && open.peekFirst().outstanding == 0) {
            close(open.pollFirst());
        }
    }

    private void close(Window w) {
        rows.add(new ArrivalSnapshot(w.index, w.lastArrivalNanos, w.accepted, w.rejected,
                percentile(w.latency, 50.0), percentile(w.latency, 99.0), w.maxBuffered));
        w.latency.reset();
        spare.addLast(w.latency);
    }

    private Histogram take() {
        Histogram h = spare.pollFirst();
        return h != null ? h : newHistogram();
    }

    private static Histogram newHistogram() {
        return new Histogram(HIGHEST_MILLIS, 3);
    }

    private static long percentile(Histogram h, double p) {
        return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(p);
    }

    /** Not thread-safe ring of the open windows (consecutive indices) with access by offset. */
    private static final class WindowRing {
        private Window[] items = new Window[16];
        private int head;
        private int size;

        void addLast(Window w) {
            if (size == items.length) {
                Window[] bigger = new Window[items.length * 2];
                for (int i = 0; i < size; i++) {
                    bigger[i] = get(i);
                }
                items = bigger;
                head = 0;
            }
            items[(head + size++) % items.length] = w;
        }

        Window get(int offset) {
            return items[(head + offset) % items.length];
        }

        Window peekFirst() {
            return size == 0 ? null : items[head];
        }

        Window peekLast() {
            return size == 0 ? null : get(size - 1);
        }

        Window pollFirst() {
            Window w = items[head];
            items[head] = null;
            head = (head + 1) % items.length;
            size--;
            return w;
        }

        int size() {
            return size;
        }

        boolean isEmpty() {
            return size == 0;
        }
    }

    /** Not thread-safe counters of one open snapshot window. */
    private static final class Window {
        final int index;
        final Histogram latency;
        long accepted;
        long rejected;
        long outstanding;
        int maxBuffered;
        long lastArrivalNanos;

        Window(int index, Histogram latency) {
            this.index = index;
            this.latency = latency;
        }
    }
}
