package io.tailguard.lab.shedding;

import io.tailguard.artifacts.ChartArtifact;
import io.tailguard.artifacts.Charts;
import io.tailguard.artifacts.CsvTable;
import io.tailguard.lab.Conclusion;
import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabResult;
import io.tailguard.lab.Progress;
import io.tailguard.lab.Rows;
import io.tailguard.lab.playground.SeriesExperiment;
import io.tailguard.lab.playground.SeriesOptions;
import io.tailguard.sim.windowed.DemandCurve;
import io.tailguard.sim.windowed.Server;
import io.tailguard.sim.windowed.ArrivalShape;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Thread-safe (stateless) load-shedding experiment: fifo, tail-drop, expire and lifo (core queue
 * disciplines, maximum queueing time and concurrency limiter) against constant overload, then the
 * latency hangover each leaves after bursts. With the defaults it reproduces the published lab's
 * two CSVs byte for byte.
 */
public final class LoadSheddingExperiment extends SeriesExperiment {

    static final int[] OFFERED_RPS = {50, 75, 100, 125, 150, 200, 300};
    static final DemandCurve BURSTS = DemandCurve.bursty(80, 1000, 600, 500);
    static final String SWEEP_FILE = "load-shedding-shed-sweep.csv";
    static final String HANGOVER_FILE = "load-shedding-hangover.csv";

    private static final ExperimentSpec SPEC = SeriesOptions.spec("load-shedding", "Load Shedding Strategies",
            "fifo, tail-drop, expire and lifo past capacity (core queue and limiter): who is served, who waits, and the hangover after a burst.",
            SeriesOptions.with(42, SeriesOptions.ARRIVALS_SEED), publishedConclusions(), "--arrivals poisson --seed 9");

    /** Creates the experiment. */
    public LoadSheddingExperiment() {
        super(SPEC);
    }

    @Override
    protected LabResult scenario(long windowMs, ArrivalShape traffic, long seed, LabArgs args, Progress progress) {
        ShedPolicy[] policies = ShedPolicy.values();
        progress.begin("lab load-shedding", policies.length * (OFFERED_RPS.length + 1));
        List<double[]> constant = new ArrayList<>();
        for (int rps : OFFERED_RPS) {
            constant.add(traffic.arrivals(DemandCurve.constant(rps), windowMs, seed, "load-shedding-" + rps));
        }
        double[] bursts = traffic.arrivals(BURSTS, windowMs, seed, "load-shedding-bursts");
        List<ShedRow> rows = new ArrayList<>();
        List<long[]> hangover = new ArrayList<>();
        for (ShedPolicy policy : policies) {
            for (int i = 0; i < OFFERED_RPS.length; i++) {
                rows.add(ShedModel.run(policy, constant.get(i), windowMs, traffic.published()).row());
                progress.step(policy.label + " " + OFFERED_RPS[i] + " rps");
            }
            hangover.add(ShedModel.run(policy, bursts, windowMs, traffic.published()).hangover());
            progress.step(policy.label + " bursts");
        }
        progress.end();
        List<HangoverRow> windows = new ArrayList<>();
        for (int w = 0; w < windowMs / 100; w++) {
            windows.add(new HangoverRow(w * 100L, hangover.get(0)[w], hangover.get(1)[w], hangover.get(2)[w],
                    hangover.get(3)[w]));
        }
        CsvTable sweep = CsvTable.of("Shed sweep", SWEEP_FILE, ShedRow.HEADER, rows);
        LabResult.Builder result = LabResult.builder(SeriesOptions.runTitle(title(), traffic, windowMs, ""))
                .printedTable(sweep)
                .records(rows)
                .seedSummary(sweep, "goodput_rps", "shed_pct", "p99_served_ms")
                .table(CsvTable.of("Burst hangover", HANGOVER_FILE, HangoverRow.HEADER, windows))
                .records(windows)
                .seed(seed);
        SheddingFindings.of(rows, hangover, traffic).forEach(result::finding);
        charts(rows, hangover).forEach(result::chart);
        return result.build();
    }

    private static List<ChartArtifact> charts(List<ShedRow> rows, List<long[]> hangover) {
        List<ChartArtifact> charts = new ArrayList<>();
        ShedPolicy[] policies = ShedPolicy.values();
        int windows = hangover.get(0).length;
        if (windows > 0) {
            List<Double> seconds = new ArrayList<>();
            for (int w = 0; w < windows; w++) {
                seconds.add(w / 10.0);
            }
            Map<String, List<? extends Number>> byPolicy = new LinkedHashMap<>();
            for (int p = 0; p < policies.length; p++) {
                List<Long> values = new ArrayList<>();
                for (long v : hangover.get(p)) {
                    values.add(Math.max(1, v)); // a log axis has no 0: an empty window is drawn at 1 ms
                }
                byPolicy.put(policies[p].label, values);
            }
            XyLog.log(charts, new ChartArtifact("p99 sojourn of the requests finishing in each 100 ms window, bursty demand",
                    "load-shedding-hangover.png", Charts.lines("Burst hangover", "time (s)", "p99 ms (log)", seconds,
                            byPolicy)));
        }
        List<Integer> offered = new ArrayList<>();
        for (int rps : OFFERED_RPS) {
            offered.add(rps);
        }
        Map<String, List<? extends Number>> p99 = new LinkedHashMap<>();
        for (int p = 0; p < policies.length; p++) {
            p99.put(policies[p].label, rows.subList(p * OFFERED_RPS.length, (p + 1) * OFFERED_RPS.length).stream()
                    .map(r -> Math.max(1L, r.p99ServedMs())).toList());
        }
        XyLog.log(charts, new ChartArtifact("p99 sojourn of served requests by offered load", "load-shedding-shed-sweep.png",
                Charts.lines("Served p99 by policy", "offered load (rps)", "p99 ms (log)", offered, p99)));
        return charts;
    }

    /**
     * The published article's conclusions: at 200 rps every policy that sheds keeps goodput near
     * capacity where fifo serves mostly late requests; after bursts, tail-drop and expire keep the
     * served p99 within the deadline where fifo's never recovers.
     */
    private static List<Conclusion<?>> publishedConclusions() {
        return List.of(
                Conclusion.of("at 2x capacity every shedding policy keeps goodput near capacity, fifo does not",
                        ShedRow.class, r -> {
                    double fifo = at200(r, "fifo");
                    double tail = at200(r, "tail-drop");
                    double expire = at200(r, "expire");
                    double lifo = at200(r, "lifo");
                    double near = 0.9 * Server.CAPACITY_RPS;
                    return Conclusion.verdict(tail >= near && expire >= near && lifo >= near && fifo < near,
                            "tail-drop %.1f, expire %.1f, lifo %.1f, fifo %.1f rps", tail, expire, lifo, fifo);
                }),
                Conclusion.of("after bursts tail-drop and expire keep served p99 within the deadline, fifo does not",
                        HangoverRow.class, r -> {
                    double tail = r.max(HangoverRow::tailDropMs);
                    double expire = r.max(HangoverRow::expireMs);
                    double fifo = r.max(HangoverRow::fifoMs);
                    double deadline = Server.DEADLINE_MS;
                    return Conclusion.verdict(tail <= deadline && expire <= deadline && fifo > deadline,
                            "worst window p99: tail-drop %.0f, expire %.0f, fifo %.0f ms", tail, expire, fifo);
                }));
    }

    /** The goodput of {@code policy} at the 200 rps level (by position: random arrivals offer about 200). */
    private static double at200(Rows<ShedRow> r, String policy) {
        int at = 0;
        while (OFFERED_RPS[at] != 200) {
            at++;
        }
        List<ShedRow> rows = r.where(row -> row.policy().equals(policy));
        if (rows.size() <= at) {
            throw new Rows.MissingRowException("no " + policy + " row at 200 rps in this run");
        }
        return rows.get(at).goodputRps();
    }
}
