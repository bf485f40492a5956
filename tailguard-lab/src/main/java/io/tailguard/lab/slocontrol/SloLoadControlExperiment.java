package io.tailguard.lab.slocontrol;

import io.tailguard.artifacts.ChartArtifact;
import io.tailguard.artifacts.Charts;
import io.tailguard.artifacts.CsvTable;
import io.tailguard.lab.Conclusion;
import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabOption;
import io.tailguard.lab.LabResult;
import io.tailguard.lab.LabUsageException;
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
 * Thread-safe (stateless) SLO-driven load control: a bounded system (20 in the system, expiry at
 * dequeue) where a quarter of the requests are critical, with a blind door and with core's
 * {@code CriticalityQueue} protecting the critical class, against constant and bursty demand.
 * With the defaults it reproduces the published lab's two CSVs byte for byte.
 */
public final class SloLoadControlExperiment extends SeriesExperiment {

    static final int[] OFFERED_RPS = {50, 100, 150, 200, 300, 400, 500};
    static final DemandCurve BURSTS = DemandCurve.bursty(80, 1000, 360, 500);
    static final double SLO_PCT = 99.0;
    static final String PROTECTION_FILE = "slo-load-control-protection.csv";
    static final String BURST_FILE = "slo-load-control-slo-burst.csv";

    private static final ExperimentSpec SPEC = SeriesOptions.spec("slo-load-control",
            "Bounded Systems + SLO-Driven Load Control",
            "A bounded system where critical requests displace background ones (core CriticalityQueue): the critical SLO holds to 4x capacity.",
            SeriesOptions.with(23, "Seed of the critical/background draw (java.util.Random, as published: 23) "
                    + "and of the poisson and bursty arrival streams."),
            publishedConclusions(), "--seed 42", "--arrivals poisson --seed 7");

    /** Creates the experiment. */
    public SloLoadControlExperiment() {
        super(SPEC);
    }

    @Override
    protected LabResult scenario(long windowMs, ArrivalShape traffic, long seed, LabArgs args, Progress progress) {
        if (windowMs <= Server.DEADLINE_MS) {
            throw LabUsageException.of(LabOption.DURATION, "longer than the " + Server.DEADLINE_MS
                    + " ms deadline (only arrivals with a whole deadline left are scored)",
                    args.rawValues().get(LabOption.DURATION));
        }
        boolean published = traffic.published();
        progress.begin("lab slo-load-control", 2 * OFFERED_RPS.length + 2);
        List<SloControlModel> blind = new ArrayList<>();
        List<SloControlModel> priority = new ArrayList<>();
        for (int rps : OFFERED_RPS) {
            double[] arrivals = traffic.arrivals(DemandCurve.constant(rps), windowMs, seed, "slo-" + rps);
            blind.add(SloControlModel.run(arrivals, windowMs, seed, false, published));
            progress.step("blind " + rps + " rps");
            priority.add(SloControlModel.run(arrivals, windowMs, seed, true, published));
            progress.step("priority " + rps + " rps");
        }
        double[] bursts = traffic.arrivals(BURSTS, windowMs, seed, "slo-bursts");
        SloControlModel blindBursts = SloControlModel.run(bursts, windowMs, seed, false, published);
        progress.step("blind bursts");
        SloControlModel priorityBursts = SloControlModel.run(bursts, windowMs, seed, true, published);
        progress.step("priority bursts");
        progress.end();
        List<ProtectionRow> rows = new ArrayList<>();
        blind.forEach(m -> rows.add(ProtectionRow.of("blind", m)));
        priority.forEach(m -> rows.add(ProtectionRow.of("priority", m)));
        List<BurstWindowRow> windows = new ArrayList<>();
        for (int w = 0; w < blindBursts.critical.offeredByWindow.length; w++) {
            windows.add(new BurstWindowRow(w * 100L, blindBursts.critical.successPct(w),
                    priorityBursts.critical.successPct(w), blindBursts.background.successPct(w),
                    priorityBursts.background.successPct(w)));
        }
        CsvTable protection = CsvTable.of("Protection sweep", PROTECTION_FILE, ProtectionRow.HEADER, rows);
        LabResult.Builder result = LabResult.builder(SeriesOptions.runTitle(title(), traffic, windowMs, "seed " + seed + ", "))
                .printedTable(protection)
                .records(rows)
                .seedSummary(protection, "critical_success_pct", "critical_p99_ms")
                .table(CsvTable.of("Burst time series", BURST_FILE, BurstWindowRow.HEADER, windows))
                .records(windows)
                .seed(seed);
        SloControlFindings.of(blind, priority, blindBursts, priorityBursts, traffic, seed).forEach(result::finding);
        charts(blind, priority, blindBursts, priorityBursts).forEach(result::chart);
        return result.build();
    }


    private static List<ChartArtifact> charts(List<SloControlModel> blind, List<SloControlModel> priority, SloControlModel blindBursts,
                                              SloControlModel priorityBursts) {
        List<ChartArtifact> charts = new ArrayList<>();
        int windows = blindBursts.critical.offeredByWindow.length;
        if (windows > 0) {
            List<Double> seconds = new ArrayList<>();
            Map<String, List<? extends Number>> burst = new LinkedHashMap<>();
            List<Double> pc = new ArrayList<>();
            List<Double> bc = new ArrayList<>();
            List<Double> pb = new ArrayList<>();
            List<Double> slo = new ArrayList<>();
            for (int w = 0; w < windows; w++) {
                seconds.add(w / 10.0);
                pc.add(priorityBursts.critical.successPct(w));
                bc.add(blindBursts.critical.successPct(w));
                pb.add(priorityBursts.background.successPct(w));
                slo.add(SLO_PCT);
            }
            burst.put("critical (priority)", pc);
            burst.put("critical (blind)", bc);
            burst.put("background (priority)", pb);
            burst.put("SLO 99 %", slo);
            charts.add(new ChartArtifact("Success by arrival window under bursts, blind and priority doors",
                    "slo-load-control-slo-burst.png", Charts.lines("Critical SLO under bursts", "time (s)",
                            "success (%)", seconds, burst)));
        }
        List<Integer> offered = new ArrayList<>();
        for (int rps : OFFERED_RPS) {
            offered.add(rps);
        }
        Map<String, List<? extends Number>> protection = new LinkedHashMap<>();
        protection.put("critical (priority)", priority.stream().map(m -> m.critical.successPct()).toList());
        protection.put("critical (blind)", blind.stream().map(m -> m.critical.successPct()).toList());
        protection.put("background (priority)", priority.stream().map(m -> m.background.successPct()).toList());
        protection.put("SLO 99 %", offered.stream().map(x -> SLO_PCT).toList());
        charts.add(new ChartArtifact("Success by offered load, blind and priority doors", "slo-load-control-protection.png",
                Charts.lines(String.format(java.util.Locale.ROOT, "Protection (ceiling = %.0f rps)",
                        Server.CAPACITY_RPS / SloControlModel.CRITICAL_SHARE), "offered load (rps)", "success (%)", offered,
                        protection)));
        return charts;
    }

    /**
     * The published article's conclusions: protecting the critical class keeps it at its 99 %
     * objective up to 3x capacity (300 rps), while blind shedding misses it as soon as load passes
     * capacity; through the burst, protected critical traffic stays whole.
     */
    private static List<Conclusion<?>> publishedConclusions() {
        return List.of(
                Conclusion.of("priority keeps the critical class at 99 % up to 300 rps", ProtectionRow.class, r -> {
                    double worst = 100;
                    List<ProtectionRow> rows = policy(r, "priority");
                    for (int i = 0; i < rows.size(); i++) {
                        if (OFFERED_RPS[i] <= 300) {
                            worst = Math.min(worst, rows.get(i).criticalSuccessPct());
                        }
                    }
                    return Conclusion.verdict(worst >= 99, "worst critical success up to 300 rps %.1f %%", worst);
                }),
                Conclusion.of("blind shedding misses the critical objective once load passes capacity",
                        ProtectionRow.class, r -> {
                    double best = 0;
                    List<ProtectionRow> rows = policy(r, "blind");
                    for (int i = 0; i < rows.size(); i++) {
                        if (OFFERED_RPS[i] > 100) {
                            best = Math.max(best, rows.get(i).criticalSuccessPct());
                        }
                    }
                    return Conclusion.verdict(best < 99, "best blind critical success from 150 rps %.1f %%", best);
                }),
                Conclusion.of("through the burst priority keeps critical requests whole, blind does not",
                        BurstWindowRow.class, r -> {
                    double priority = -r.max(w -> -w.priorityCriticalPct());
                    double blind = -r.max(w -> -w.blindCriticalPct());
                    return Conclusion.verdict(priority >= 99 && blind < 99, "worst window: priority %.1f %%, "
                            + "blind %.1f %%", priority, blind);
                }));
    }

    private static List<ProtectionRow> policy(Rows<ProtectionRow> r, String policy) {
        return r.where(row -> row.policy().equals(policy));
    }
}
