package io.tailguard.lab.coordinatedomission;

import io.tailguard.artifacts.ChartArtifact;
import io.tailguard.artifacts.Charts;
import io.tailguard.artifacts.CsvTable;
import io.tailguard.lab.Conclusion;
import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabOption;
import io.tailguard.lab.LabResult;
import io.tailguard.lab.Progress;
import io.tailguard.lab.Rows;
import io.tailguard.lab.SpecExperiment;
import io.tailguard.lab.latencyseries.MillisRun;
import io.tailguard.lab.latencyseries.PublishedFlags;
import io.tailguard.sim.arrival.ArrivalSource;
import io.tailguard.sim.service.PauseService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Thread-safe (stateless) coordinated-omission experiment (the published lab's post 4): a service
 * that stalls once for 500 ms, measured by a closed-loop client (raw, and corrected with
 * HdrHistogram's expected-interval back-fill) and by open-loop arrivals. With the golden arguments
 * it reproduces the published four CSVs byte for byte; {@code --arrivals poisson|bursty} replaces
 * the evenly spaced open-loop arrivals.
 */
public final class CoordinatedOmissionExperiment extends SpecExperiment {

    static final String MODE = "--measurement-mode";

    private static final ExperimentSpec SPEC = PublishedFlags.spec("coordinated-omission",
            "Coordinated omission measurement",
            "One 500 ms stall seen by a closed-loop client, its HdrHistogram correction, and open-loop load.",
            List.of(
                PublishedFlags.deterministic(),
                PublishedFlags.duration("5s", Duration.ofHours(1), "Simulated length (at least 1 s); the "
                        + "stall starts at half of it and lasts min(500 ms, a quarter of it)."),
                PublishedFlags.concurrency(10, "Open-loop rate = 10 x N requests/s; the "
                        + "expected interval for the correction is 1000 / rate ms (whole ms, at least 1)."),
                PublishedFlags.snapshotInterval(Duration.ofHours(1),
                        "Snapshot interval (at least 1 s, at most --duration)."),
                LabOption.choice(MODE, "both", List.of("both", "closed-loop", "open-loop"),
                        "Which measurements to write; both writes all three series."),
                LabOption.choice(LabOption.ARRIVALS, "constant", List.of("constant", "poisson", "bursty"), "Open-loop "
                        + "arrivals: evenly spaced (published), Poisson, or Poisson bursts (100 ms at 2x, 100 ms "
                        + "silent) at the same mean rate."),
                LabOption.seed(42, "Seed of the poisson and bursty open-loop arrivals.")),
            publishedConclusions(),
            "lab coordinated-omission --deterministic --duration 5s --concurrency 10 --measurement-mode both",
            "lab coordinated-omission --arrivals poisson --seeds 10",
            "lab coordinated-omission --duration 60s --snapshot-interval 5s");

    /** Creates the experiment. */
    public CoordinatedOmissionExperiment() {
        super(SPEC);
    }

    @Override
    public LabResult run(LabArgs args, Progress progress) {
        MillisRun window = MillisRun.of(args, 1000);
        long durationMs = window.durationMs();
        long snapshotMs = window.snapshotMs();
        long rate = Math.max(1, args.intValue(PublishedFlags.CONCURRENCY) * 10L);
        long expectedMs = Math.max(1, 1000 / rate);
        String mode = args.choice(MODE);
        String arrivals = args.choice(LabOption.ARRIVALS);
        long seed = args.longValue(LabOption.SEED);
        PauseService service = PauseService.published(durationMs);
        boolean closed = !mode.equals("open-loop");
        boolean open = !mode.equals("closed-loop");

        progress.begin("lab coordinated-omission", 2);
        LabResult.Builder result = LabResult.builder(String.format(Locale.ROOT,
                "%s: stall %d-%d ms of %d ms, open loop %s every %d ms", title(), service.pauseStartMs(),
                service.pauseEndMs(), durationMs, arrivals, expectedMs));
        List<SeriesRow> summary = new ArrayList<>();
        Map<String, List<? extends Number>> p99 = new LinkedHashMap<>();
        Map<String, List<? extends Number>> throughput = new LinkedHashMap<>();
        MeasurementRun raw = null;
        MeasurementRun fixed = null;
        MeasurementRun openRun = null;
        if (closed) {
            raw = MeasurementRun.closedLoop(service, durationMs, snapshotMs);
            fixed = raw.corrected(expectedMs, durationMs);
            result.table(raw.snapshots("Closed-loop raw", "coordinated-omission-closed-loop-raw.csv"));
            result.table(fixed.snapshots("Closed-loop corrected", "coordinated-omission-closed-loop-corrected.csv"));
            summary.add(SeriesRow.of("closed-loop-raw", raw));
            summary.add(SeriesRow.of("closed-loop-corrected", fixed));
            p99.put("closed-loop raw", raw.intervalP99());
            p99.put("closed-loop corrected", fixed.intervalP99());
            throughput.put("closed-loop raw", counts(raw, snapshotMs));
        }
        progress.step("closed loop");
        if (open) {
            openRun = MeasurementRun.openLoop(service, source(arrivals, rate, expectedMs)
                    .open(new SplittableRandom(seed)), durationMs, snapshotMs);
            result.table(openRun.snapshots("Open-loop", "coordinated-omission-open-loop.csv"));
            summary.add(SeriesRow.of("open-loop", openRun));
            p99.put("open-loop", openRun.intervalP99());
            throughput.put("open-loop", counts(openRun, snapshotMs));
        }
        progress.step("open loop");
        progress.end();
        CsvTable table = CsvTable.of("Summary", "coordinated-omission-summary.csv", SeriesRow.HEADER, summary);
        result.printedTable(table).records(summary).seedSummary(table, "whole_run_p99_ms")
                .finding(CoordinatedOmissionFindings.describe(raw, fixed, openRun, service, expectedMs, arrivals));
        if (!arrivals.equals("constant")) {
            result.seed(seed);
        }
        List<Double> x = new ArrayList<>();
        for (int i = 1; i <= (int) Math.max(1, durationMs / snapshotMs); i++) {
            x.add(i * snapshotMs / 1000.0);
        }
        result.chart(new ChartArtifact("p99 per interval", "coordinated-omission-p99-comparison.png",
                Charts.lines("p99 per interval: what each measurement saw", "elapsed s", "ms", x, p99)));
        result.chart(new ChartArtifact("Throughput", "coordinated-omission-throughput.png",
                Charts.lines("Requests sent per second", "elapsed s", "requests/s", x, throughput)));
        return result.build();
    }

    /** The open-loop arrival process: the published whole-millisecond spacing, or random at the same rate. */
    static ArrivalSource source(String arrivals, long rate, long expectedMs) {
        switch (arrivals) {
            case "poisson":
                return ArrivalSource.poisson(rate);
            case "bursty":
                return ArrivalSource.onOff(Duration.ofMillis(100), 2.0 * rate, Duration.ofMillis(100), 0, true);
            default:
                return ArrivalSource.constant(Duration.ofMillis(expectedMs));
        }
    }

    private static List<Double> counts(MeasurementRun run, long snapshotMs) {
        List<Double> rps = new ArrayList<>();
        run.intervals.forEach(h -> rps.add(h.getTotalCount() / (snapshotMs / 1000.0)));
        return rps;
    }

    /**
     * The published article's conclusions: a closed-loop client hides the stall (its whole-run p99
     * is far below what open-loop arrivals see), and HdrHistogram's correction recovers it.
     */
    private static List<Conclusion<?>> publishedConclusions() {
        return List.of(
                Conclusion.of("a closed-loop client hides the stall from its p99", SeriesRow.class, r -> {
                    double raw = p99(r, "closed-loop-raw");
                    double open = p99(r, "open-loop");
                    return Conclusion.verdict(2 * raw <= open, "closed-loop p99 %.1f ms vs open-loop %.1f ms", raw,
                            open);
                }),
                Conclusion.of("the corrected closed-loop p99 matches the open-loop p99", SeriesRow.class, r -> {
                    double corrected = p99(r, "closed-loop-corrected");
                    double open = p99(r, "open-loop");
                    return Conclusion.verdict(Math.abs(corrected - open) <= 0.1 * open,
                            "corrected %.1f ms vs open-loop %.1f ms", corrected, open);
                }));
    }

    private static double p99(Rows<SeriesRow> rows, String series) {
        return rows.first(s -> s.series().equals(series), "series " + series).wholeRunP99Ms();
    }
}
