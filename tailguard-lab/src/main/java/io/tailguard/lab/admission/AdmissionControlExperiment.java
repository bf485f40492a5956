package io.tailguard.lab.admission;

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
 * Thread-safe (stateless) admission-control experiment: core's fixed concurrency limiter as an
 * in-system limit in front of the series' server, swept over limits under bursty demand, then
 * held at the Little's-law budget (20) against rising constant demand. With the defaults it
 * reproduces the published lab's two CSVs byte for byte.
 */
public final class AdmissionControlExperiment extends SeriesExperiment {

    static final int[] LIMITS = {1, 2, 4, 8, 12, 16, 20, 28, 40, 80, 200, AdmissionModel.NO_LIMIT};
    static final int[] PLATEAU_RPS = {50, 75, 100, 125, 150, 200, 300};
    static final DemandCurve BURSTY = DemandCurve.bursty(50, 200, 300, 100);
    static final String SWEEP_FILE = "admission-control-limit-sweep.csv";
    static final String PLATEAU_FILE = "admission-control-plateau.csv";

    private static final ExperimentSpec SPEC = SeriesOptions.spec("admission-control", "Admission Control Design",
            "An in-system limit (core concurrency limiter) on one server: the Little's-law budget keeps goodput at capacity.",
            SeriesOptions.with(42, SeriesOptions.ARRIVALS_SEED), publishedConclusions(), "--arrivals poisson --seed 3");

    /** Creates the experiment. */
    public AdmissionControlExperiment() {
        super(SPEC);
    }

    @Override
    protected LabResult scenario(long windowMs, ArrivalShape traffic, long seed, LabArgs args, Progress progress) {
        progress.begin("lab admission-control", LIMITS.length + 2 * PLATEAU_RPS.length);
        double[] bursty = traffic.arrivals(BURSTY, windowMs, seed, "admission-bursty");
        List<AdmissionRow> sweep = new ArrayList<>();
        for (int limit : LIMITS) {
            sweep.add(AdmissionModel.run(bursty, limit, windowMs, traffic.published()));
            progress.step("limit " + (limit == AdmissionModel.NO_LIMIT ? "none" : limit));
        }
        List<AdmissionRow> open = new ArrayList<>();
        List<AdmissionRow> limited = new ArrayList<>();
        for (int rps : PLATEAU_RPS) {
            double[] arrivals = traffic.arrivals(DemandCurve.constant(rps), windowMs, seed, "admission-" + rps);
            open.add(AdmissionModel.run(arrivals, AdmissionModel.NO_LIMIT, windowMs, traffic.published()));
            limited.add(AdmissionModel.run(arrivals, Server.LITTLE_BUDGET, windowMs, traffic.published()));
            progress.step(rps + " rps");
        }
        progress.end();
        CsvTable sweepTable = sweepTable(sweep);
        List<PlateauRow> plateau = plateau(open, limited);
        LabResult.Builder result = LabResult.builder(SeriesOptions.runTitle(title(), traffic, windowMs, ""))
                .printedTable(sweepTable)
                .records(sweep)
                .seedSummary(sweepTable, "goodput_rps", "reject_pct", "p99_ms")
                .printedTable(CsvTable.of("Offered-load plateau", PLATEAU_FILE, PlateauRow.HEADER, plateau))
                .records(plateau)
                .seed(seed);
        AdmissionFindings.of(sweep, open, limited, traffic).forEach(result::finding);
        charts(sweep, open, limited).forEach(result::chart);
        return result.build();
    }

    static CsvTable sweepTable(List<AdmissionRow> rows) {
        return CsvTable.of("Limit sweep", SWEEP_FILE, AdmissionRow.HEADER, rows);
    }

    static List<PlateauRow> plateau(List<AdmissionRow> open, List<AdmissionRow> limited) {
        List<PlateauRow> rows = new ArrayList<>();
        open.forEach(r -> rows.add(new PlateauRow(false, r)));
        limited.forEach(r -> rows.add(new PlateauRow(true, r)));
        return rows;
    }

    private static List<ChartArtifact> charts(List<AdmissionRow> sweep, List<AdmissionRow> open,
                                              List<AdmissionRow> limited) {
        List<Integer> limits = new ArrayList<>();
        List<Double> goodput = new ArrayList<>();
        List<Double> util = new ArrayList<>();
        for (AdmissionRow r : sweep) {
            if (r.limit() != AdmissionModel.NO_LIMIT) {
                limits.add(r.limit());
                goodput.add(r.goodputRps());
                util.add(r.utilPct());
            }
        }
        Map<String, List<? extends Number>> bySweep = new LinkedHashMap<>();
        bySweep.put("goodput (rps)", goodput);
        bySweep.put("utilization (%)", util);
        List<Integer> offered = new ArrayList<>();
        for (int rps : PLATEAU_RPS) {
            offered.add(rps);
        }
        Map<String, List<? extends Number>> plateau = new LinkedHashMap<>();
        plateau.put("ideal", offered.stream().map(x -> Math.min(x, Server.CAPACITY_RPS)).toList());
        plateau.put("no control", open.stream().map(AdmissionRow::goodputRps).toList());
        plateau.put("limit " + Server.LITTLE_BUDGET, limited.stream().map(AdmissionRow::goodputRps).toList());
        return List.of(
                new ChartArtifact("Goodput and utilization by in-system limit, bursty demand",
                        "admission-control-limit-sweep.png", Charts.lines("Admission limit sweep", "in-system limit",
                                "rps / %", limits, bySweep)),
                new ChartArtifact("Goodput against constant offered load, without and with the limit",
                        "admission-control-plateau.png", Charts.lines("Goodput plateau", "offered load (rps)",
                                "goodput (rps)", offered, plateau)));
    }

    /**
     * The published article's conclusions: under bursts the Little's-law limit (20) gives the best
     * goodput and no limit collapses; with a limit, goodput holds near capacity at every offered
     * load where no control collapses.
     */
    private static List<Conclusion<?>> publishedConclusions() {
        return List.of(
                Conclusion.of("the Little's-law limit 20 gives the best goodput under bursts", AdmissionRow.class, r -> {
                    List<AdmissionRow> sweep = r.all();
                    double at20 = limit(sweep, 20).goodputRps();
                    String best = "20";
                    double bestRps = at20;
                    for (AdmissionRow row : sweep) {
                        if (row.goodputRps() > bestRps) {
                            best = row.limitLabel();
                            bestRps = row.goodputRps();
                        }
                    }
                    double none = limit(sweep, AdmissionModel.NO_LIMIT).goodputRps();
                    return Conclusion.verdict(best.equals("20") && none < at20 / 2, "limit 20 %.1f rps, best limit %s "
                            + "%.1f rps, no limit %.1f rps", at20, best, bestRps, none);
                }),
                Conclusion.of("a limit holds goodput near capacity at every load where no control collapses",
                        PlateauRow.class, r -> {
                    double limited = 1e9;
                    List<PlateauRow> rows = r.where(PlateauRow::limited);
                    for (int i = 0; i < rows.size(); i++) {
                        if (PLATEAU_RPS[i] >= 100) {
                            limited = Math.min(limited, rows.get(i).run().goodputRps());
                        }
                    }
                    List<PlateauRow> none = r.where(p -> !p.limited());
                    double last = none.get(none.size() - 1).run().goodputRps();
                    return Conclusion.verdict(limited >= 90 && last < 50, "limited goodput at least %.1f rps from "
                            + "100 rps offered; no control %.1f rps at the highest load", limited, last);
                }));
    }

    private static AdmissionRow limit(List<AdmissionRow> sweep, int limit) {
        return sweep.stream().filter(row -> row.limit() == limit).findFirst()
                .orElseThrow(() -> new Rows.MissingRowException("no row at limit " + limit + " in this run"));
    }
}
