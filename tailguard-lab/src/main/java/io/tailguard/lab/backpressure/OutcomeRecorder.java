package io.tailguard.lab.backpressure;

import io.tailguard.admission.RejectReason;
import io.tailguard.sim.SimulationListener;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * Not thread-safe simulation listener that turns per-request events into the experiment's columns.
 * Each request counts in the snapshot of its <em>arrival</em> (as the published model does), even
 * if it completes later; "buffered" is sampled right after each admission decision.
 * Latencies are whole milliseconds (rounded half up) in an HdrHistogram of 60 000 ms, 3 digits.
 */
final class OutcomeRecorder implements SimulationListener {

    static final long HIGHEST_MILLIS = 60_000;

    private final Strategy strategy;
    private final Workload workload;
    private final Histogram run = newHistogram();
    private final WindowRing open = new WindowRing();
    private final ArrayDeque<Histogram> spare = new ArrayDeque<>();
    private final List<Outcome.Snapshot> rows = new ArrayList<>();
    private long offered;
    private long accepted;
    private long rejected;
    private int inSystem;
    private int maxBuffered;
    private int nextIndex;

    OutcomeRecorder(Strategy strategy, Workload workload) {
        this.strategy = strategy;
        this.workload = workload;
    }

    @Override
    public void onArrival(long id, long nowNanos) {
        offered++;
        int index = indexOf(id, nowNanos);
        while (nextIndex <= index) {
            open.addLast(new Window(nextIndex++, take()));
        }
        open.peekLast().lastArrivalNanos = nowNanos;
        closeFinished();
    }

    @Override
    public void onAdmitted(long id, long nowNanos) {
        accepted++;
        inSystem++;
        Window w = open.peekLast();
        w.accepted++;
        w.outstanding++;
        sampleBuffered(w);
    }

    @Override
    public void onRejected(long id, RejectReason reason, long nowNanos) {
        rejected++;
        Window w = open.peekLast();
        w.rejected++;
        sampleBuffered(w);
    }

    @Override
    public void onCompleted(long id, long arrivalNanos, long startNanos, long nowNanos) {
        inSystem--;
        long millis = Math.min(HIGHEST_MILLIS, (nowNanos - arrivalNanos + 500_000) / 1_000_000);
        run.recordValue(millis);
        Window w = find(indexOf(id, arrivalNanos));
        w.latency.recordValue(millis);
        w.outstanding--;
        closeFinished();
    }

    @Override
    public void onShed(long id, RejectReason reason, long arrivalNanos, long nowNanos) {
        // None of the five stations sheds after admission (no queueing timeout); keep the books right anyway.
        inSystem--;
        find(indexOf(id, arrivalNanos)).outstanding--;
        closeFinished();
    }

    /** Closes every window and returns the outcome; call once, after the simulation drained. */
    Outcome finish() {
        int windows = workload.published() ? nextIndex : workload.windowCount();
        while (nextIndex < windows) {
            open.addLast(new Window(nextIndex++, take()));
        }
        while (!open.isEmpty()) {
            close(open.pollFirst());
        }
        return new Outcome(strategy, offered, accepted, rejected, percentile(run, 50.0),
                percentile(run, 99.0), maxBuffered, rows);
    }

    private void sampleBuffered(Window w) {
        int buffered = strategy.holdsRequests() ? inSystem : 0;
        maxBuffered = Math.max(maxBuffered, buffered);
        w.maxBuffered = Math.max(w.maxBuffered, buffered);
    }

    private int indexOf(long id, long arrivalNanos) {
        return (int) (workload.published() ? id / workload.incoming() : arrivalNanos / workload.windowNanos());
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
        String elapsed;
        double throughput;
        if (workload.published()) {
            // The published lab labels a snapshot with the second of its last arrival, capped at the run.
            elapsed = Long.toString(Math.min(workload.publishedSeconds(), w.lastArrivalNanos / 1_000_000_000L + 1));
            throughput = w.accepted;
        } else {
            long endNanos = Math.min((long) (w.index + 1) * workload.windowNanos(), workload.durationNanos());
            elapsed = endNanos % 1_000_000_000L == 0 ? Long.toString(endNanos / 1_000_000_000L)
                    : String.format(Locale.ROOT, "%.3f", endNanos / 1e9);
            long lengthNanos = endNanos - (long) w.index * workload.windowNanos();
            throughput = w.accepted * 1e9 / lengthNanos;
        }
        rows.add(new Outcome.Snapshot(elapsed, w.accepted, w.rejected, throughput,
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
