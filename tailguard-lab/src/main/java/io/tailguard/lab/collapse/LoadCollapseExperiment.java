package io.tailguard.lab.collapse;

import io.tailguard.artifacts.ChartArtifact;
import io.tailguard.artifacts.Charts;
import io.tailguard.artifacts.CsvTable;
import io.tailguard.lab.ChartSeries;
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
 * Thread-safe (stateless) load-collapse experiment: an unmanaged FIFO server offered 25 to 300 rps
 * against its 100 rps, with clients that give up at 200 ms, first without and then with retries.
 * With the defaults it reproduces the published lab's collapse sweep byte for byte.
 */
public final class LoadCollapseExperiment extends SeriesExperiment {

    static final int[] LEVELS = {25, 50, 75, 90, 100, 110, 125, 150, 200, 300};
    static final String SWEEP_FILE = "load-collapse-collapse-sweep.csv";

    private static final ExperimentSpec SPEC = SeriesOptions.spec("load-collapse", "Why Systems Collapse Under Load",
            "An unmanaged FIFO server past capacity: goodput collapses, and retries multiply the load without adding goodput.",
            SeriesOptions.with(42, SeriesOptions.ARRIVALS_SEED), publishedConclusions(), "--arrivals poisson --seed 7",
            "--duration 20s --arrivals bursty");

    /** Creates the experiment. */
    public LoadCollapseExperiment() {
        super(SPEC);
    }

    @Override
    protected LabResult scenario(long windowMs, ArrivalShape traffic, long seed, LabArgs args, Progress progress) {
        progress.begin("lab load-collapse", 2 * LEVELS.length);
        List<CollapseRow> rows = new ArrayList<>();
        for (boolean retries : new boolean[] {false, true}) {
            for (int level : LEVELS) {
                rows.add(CollapseModel.run(retries, level, arrivals(traffic, level, windowMs, seed), windowMs));
                progress.step((retries ? "retry " : "no-retry ") + level + " rps");
            }
        }
        progress.end();
        CsvTable sweep = CsvTable.of("Collapse sweep", SWEEP_FILE, CollapseRow.HEADER, rows);
        LabResult.Builder result = LabResult.builder(SeriesOptions.runTitle(title(), traffic, windowMs, ""))
                .printedTable(sweep)
                .records(rows)
                .seedSummary(sweep, "goodput_rps", "p99_ms")
                .seed(seed);
        CollapseFindings.of(rows, traffic).forEach(result::finding);
        charts(rows).forEach(result::chart);
        return result.build();
    }

    /** First attempts: the published multiplicative spacing {@code k × 1000 / rate}, or the simulator's random processes. */
    static double[] arrivals(ArrivalShape traffic, int level, long windowMs, long seed) {
        if (!traffic.published()) {
            return traffic.arrivals(DemandCurve.constant(level), windowMs, seed, "load-collapse-" + level);
        }
        double spacing = 1000.0 / level;
        int n = 0;
        while (n * spacing < windowMs) {
            n++;
        }
        double[] times = new double[n];
        for (int k = 0; k < n; k++) {
            times[k] = k * spacing;
        }
        return times;
    }

    private static List<ChartArtifact> charts(List<CollapseRow> rows) {
        List<CollapseRow> plain = rows.stream().filter(r -> !r.retries()).toList();
        List<CollapseRow> retry = rows.stream().filter(CollapseRow::retries).toList();
        List<Number> x = ChartSeries.column(plain, CollapseRow::offeredRps);
        Map<String, List<? extends Number>> good = ChartSeries.of(plain, "ideal", CollapseRow::idealRps,
                "no backpressure", CollapseRow::goodputRps);
        Map<String, List<? extends Number>> load = new LinkedHashMap<>();
        load.put("without retries", ChartSeries.column(plain, CollapseRow::effectiveRps));
        load.put("with retries", ChartSeries.column(retry, CollapseRow::effectiveRps));
        return List.of(
                new ChartArtifact("Goodput against offered load: the ideal line and an unmanaged server",
                        "load-collapse-goodput.png", Charts.lines("Goodput collapse past " + (int) Server.CAPACITY_RPS
                                + " rps", "offered load (rps)", "goodput (rps)", x, good)),
                new ChartArtifact("Load the server sees, without and with client retries",
                        "load-collapse-amplification.png", Charts.lines("Retry amplification", "offered load (rps)",
                                "effective load (rps)", x, load)));
    }

    /**
     * The published article's conclusions: an unmanaged FIFO is on time up to capacity, collapses
     * past it (7.8 rps goodput at 200 offered), and retries multiply the load without changing the
     * goodput.
     */
    private static CollapseRow row(Rows<CollapseRow> r, boolean retries, int offeredRps) {
        return r.first(row -> row.retries() == retries && row.offeredRps() == offeredRps,
                (retries ? "retry" : "no-retry") + " " + offeredRps + " rps");
    }

    private static List<Conclusion<?>> publishedConclusions() {
        return List.of(
                Conclusion.of("everything is on time up to capacity (100 rps)", CollapseRow.class, r -> {
                    double worst = 100;
                    for (CollapseRow row : r.all()) {
                        if (!row.retries() && row.offeredRps() <= 100) {
                            worst = Math.min(worst, 100 * row.goodputRps() / row.offeredRps());
                        }
                    }
                    return Conclusion.verdict(worst >= 99, "worst goodput up to 100 rps %.1f %% of offered", worst);
                }),
                Conclusion.of("at 2x capacity the FIFO's goodput collapses", CollapseRow.class, r -> {
                    double g = row(r, false, 200).goodputRps();
                    return Conclusion.verdict(g < 50, "%.1f rps goodput at 200 rps offered", g);
                }),
                Conclusion.of("retries multiply load without changing goodput", CollapseRow.class, r -> {
                    double gap = 0;
                    for (CollapseRow plain : r.all()) {
                        if (!plain.retries()) {
                            gap = Math.max(gap, Math.abs(plain.goodputRps()
                                    - row(r, true, plain.offeredRps()).goodputRps()));
                        }
                    }
                    double load = row(r, true, 200).effectiveRps();
                    return Conclusion.verdict(gap <= 1 && load >= 300, "goodput differs by up to %.1f rps; "
                            + "%.1f rps processed at 200 offered with retries", gap, load);
                }));
    }
}
