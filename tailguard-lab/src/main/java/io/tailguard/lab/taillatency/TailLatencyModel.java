package io.tailguard.lab.taillatency;

import io.tailguard.artifacts.CsvTable;
import io.tailguard.lab.latencyseries.LatencyHistograms;
import io.tailguard.lab.latencyseries.SnapshotTable;
import io.tailguard.lab.latencyseries.WholeSecondsRun;
import io.tailguard.sim.service.PublishedSampler;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;

/**
 * Not thread-safe run of one tail-latency scenario (labs-spec §4.1): per interval, {@code rps × iv}
 * requests, each the slowest of {@code fanOut} consecutive draws of the published sampler.
 */
final class TailLatencyModel {

    /** What one scenario produced. */
    record Outcome(CsvTable snapshots, Histogram whole, List<Long> intervalP99) {
    }

    private TailLatencyModel() {
    }

    /**
     * Runs {@code run}'s seconds of its requests with a fan-out of {@code fanOut}, one snapshot
     * every interval (a trailing partial interval is dropped, as published).
     */
    static Outcome run(String name, String file, int fanOut, WholeSecondsRun run, long seed) {
        Random random = PublishedSampler.generator(seed);
        SnapshotTable table = new SnapshotTable(name, file);
        Histogram whole = LatencyHistograms.create();
        List<Long> p99 = new ArrayList<>();
        long total = 0;
        for (long e = run.intervalSeconds(); e <= run.seconds(); e += run.intervalSeconds()) {
            Histogram interval = LatencyHistograms.create();
            long requests = run.rps() * run.intervalSeconds();
            for (long r = 0; r < requests; r++) {
                long slowest = 0;
                for (int i = 0; i < fanOut; i++) {
                    slowest = Math.max(slowest, PublishedSampler.sampleMillis(random));
                }
                interval.recordValue(slowest);
            }
            total += requests;
            whole.add(interval);
            p99.add(interval.getValueAtPercentile(99.0));
            table.row(e, interval, run.rps(), 0, total);
        }
        return new Outcome(table.build(), whole, p99);
    }
}
