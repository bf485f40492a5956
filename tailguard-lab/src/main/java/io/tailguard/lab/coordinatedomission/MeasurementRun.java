package io.tailguard.lab.coordinatedomission;

import io.tailguard.artifacts.CsvTable;
import io.tailguard.lab.latencyseries.LatencyHistograms;
import io.tailguard.lab.latencyseries.SnapshotTable;
import io.tailguard.sim.SimScheduler;
import io.tailguard.sim.arrival.ArrivalStream;
import io.tailguard.sim.service.PauseService;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Not thread-safe measurement of the stalled service in one way — a closed-loop client, or
 * open-loop arrivals — on a {@link SimScheduler}: per-interval histograms (interval of a request =
 * min(arrival / S, count − 1)) and the whole-run histogram.
 */
final class MeasurementRun {

    private static final long NANOS_PER_MS = 1_000_000L;

    final List<Histogram> intervals = new ArrayList<>();
    final Histogram whole = LatencyHistograms.create();
    long requests;
    private final long snapshotMs;

    private MeasurementRun(long durationMs, long snapshotMs) {
        this.snapshotMs = snapshotMs;
        long count = Math.max(1, durationMs / snapshotMs);
        for (long i = 0; i < count; i++) {
            intervals.add(LatencyHistograms.create());
        }
    }

    /**
     * One synchronous client: it sends at 0, and sends again the moment each response arrives, until
     * the run's end. A stall therefore holds back every request it would have sent meanwhile.
     */
    static MeasurementRun closedLoop(PauseService service, long durationMs, long snapshotMs) {
        MeasurementRun run = new MeasurementRun(durationMs, snapshotMs);
        SimScheduler scheduler = new SimScheduler();
        scheduler.schedule(0, () -> run.sendClosed(scheduler, service, durationMs));
        scheduler.runUntilIdle();
        return run;
    }

    private void sendClosed(SimScheduler scheduler, PauseService service, long durationMs) {
        long now = scheduler.nowNanos() / NANOS_PER_MS;
        if (now >= durationMs) {
            return;
        }
        long latency = service.latencyMs(now);
        record(now, latency);
        scheduler.schedule(latency * NANOS_PER_MS, () -> sendClosed(scheduler, service, durationMs));
    }

    /** Requests sent at the arrival times of {@code arrivals} before {@code durationMs}, whatever is in flight. */
    static MeasurementRun openLoop(PauseService service, ArrivalStream arrivals, long durationMs, long snapshotMs) {
        MeasurementRun run = new MeasurementRun(durationMs, snapshotMs);
        SimScheduler scheduler = new SimScheduler();
        run.scheduleOpen(scheduler, service, arrivals, arrivals.nextNanos(), durationMs);
        scheduler.runUntilIdle();
        return run;
    }

    private void scheduleOpen(SimScheduler scheduler, PauseService service, ArrivalStream arrivals, long atNanos,
                              long durationMs) {
        if (atNanos >= durationMs * NANOS_PER_MS) {
            return;
        }
        scheduler.schedule(atNanos - scheduler.nowNanos(), () -> {
            long now = scheduler.nowNanos() / NANOS_PER_MS;
            record(now, service.latencyMs(now));
            scheduleOpen(scheduler, service, arrivals, arrivals.nextNanos(), durationMs);
        });
    }

    private void record(long arrivalMs, long latencyMs) {
        int index = (int) Math.min(arrivalMs / snapshotMs, intervals.size() - 1);
        intervals.get(index).recordValue(latencyMs);
        whole.recordValue(latencyMs);
        requests++;
    }

    /**
     * Returns this run with every interval replaced by HdrHistogram's copy corrected for coordinated
     * omission at {@code expectedIntervalMs}, and the whole run as their sum; the request count stays
     * the raw one.
     */
    MeasurementRun corrected(long expectedIntervalMs, long durationMs) {
        MeasurementRun c = new MeasurementRun(durationMs, snapshotMs);
        c.intervals.clear();
        for (Histogram h : intervals) {
            Histogram fixed = h.copyCorrectedForCoordinatedOmission(expectedIntervalMs);
            c.intervals.add(fixed);
            c.whole.add(fixed);
        }
        c.requests = requests;
        return c;
    }

    /** Returns the published snapshot table of this run's intervals. */
    CsvTable snapshots(String name, String file) {
        SnapshotTable table = new SnapshotTable(name, file);
        long total = 0;
        double intervalSeconds = snapshotMs / 1000.0;
        for (int i = 0; i < intervals.size(); i++) {
            Histogram h = intervals.get(i);
            total += h.getTotalCount();
            table.row(((i + 1L) * snapshotMs) / 1000, h, h.getTotalCount() / intervalSeconds, 0, total);
        }
        return table.build();
    }

    /** Returns the p99 of each interval, for charts. */
    List<Long> intervalP99() {
        List<Long> p99 = new ArrayList<>();
        for (Histogram h : intervals) {
            p99.add(h.getValueAtPercentile(99.0));
        }
        return p99;
    }
}
