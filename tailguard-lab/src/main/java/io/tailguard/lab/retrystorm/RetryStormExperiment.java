package io.tailguard.lab.retrystorm;

import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.ChartSeries;
import io.tailguard.lab.Conclusion;
import static io.tailguard.sim.calltree.Scoring.f;

import io.tailguard.artifacts.ChartArtifact;
import io.tailguard.artifacts.Charts;
import io.tailguard.artifacts.CsvTable;
import io.tailguard.lab.LabResult;
import io.tailguard.lab.Progress;
import io.tailguard.lab.Rows;
import io.tailguard.sim.calltree.ArrivalPattern;
import io.tailguard.sim.calltree.CallTree;
import io.tailguard.sim.calltree.CallTreeOutcome;
import io.tailguard.sim.calltree.Chains;
import io.tailguard.lab.failure.FailureExperiment;
import io.tailguard.lab.failure.FailureOptions;
import io.tailguard.sim.calltree.OwnWork;
import io.tailguard.sim.calltree.Topology;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Thread-safe (stateless) retry-storms experiment, the published lab's failure series post 2: three
 * attempts at each of two hops become nine at a database that is down, the database sees several
 * times the offered rate, and retries rescue a short outage at that price. The retry policy's backoff
 * is the core {@link io.tailguard.retry.Backoff}. With the defaults it reproduces the published CSVs
 * byte for byte.
 */
public final class RetryStormExperiment extends FailureExperiment {

    static final long DEADLINE_MS = 1000;
    static final int DATABASE = 2;

    private static final ExperimentSpec SPEC = FailureOptions.spec("retry-storms", "Retry Storms and Amplification",
            "Retries at every hop multiply the load on a database that is down (R attempts become R^2).", 42,
            FailureOptions.ARRIVAL_SEED, publishedConclusions(), "lab retry-storms --deterministic --duration 5s",
            "lab retry-storms --duration 20s --arrivals bursty --seed 3");

    /** Creates the experiment. */
    public RetryStormExperiment() {
        super(SPEC, DEADLINE_MS);
    }

    @Override
    protected LabResult scenario(long durationMs, ArrivalPattern arrivals, long seed, Progress progress) {
        progress.begin("lab retry-storms", 10);
        List<CallTreeOutcome> healthy = new ArrayList<>();
        List<CallTreeOutcome> down = new ArrayList<>();
        for (int r = 1; r <= 4; r++) {
            healthy.add(run(() -> OwnWork.constant(10), r, durationMs, arrivals, seed));
            progress.step("healthy R=" + r);
        }
        for (int r = 1; r <= 4; r++) {
            down.add(run(() -> OwnWork.constant(500), r, durationMs, arrivals, seed));
            progress.step("hard-down R=" + r);
        }
        Supplier<OwnWork> outage = () -> OwnWork.degradedBetween(1500.0, 2500.0, 10, 500);
        CallTreeOutcome r1 = run(outage, 1, durationMs, arrivals, seed);
        CallTreeOutcome r3 = run(outage, 3, durationMs, arrivals, seed);
        progress.step("storm timeline");
        progress.end();

        List<RetrySweepRow> sweepRows = sweepRows(healthy, down);
        List<WindowRow> windows = windowRows(r1, r3);
        CsvTable sweep = CsvTable.of("Amplification sweep", "retry-storms-amplification-sweep.csv", RetrySweepRow.HEADER,
                sweepRows);
        return LabResult.builder(title())
                .printedTable(sweep)
                .records(sweepRows)
                .seedSummary(sweep, "success_pct", "db_attempts_per_request")
                .table(CsvTable.of("Storm timeline", "retry-storms-storm-timeline.csv", WindowRow.HEADER, windows))
                .records(windows)
                .chart(timelineChart(windows, true))
                .chart(timelineChart(windows, false))
                .chart(amplificationChart(sweepRows))
                .finding(findings(down, r1, r3))
                .seed(seed)
                .build();
    }

    static CallTreeOutcome run(Supplier<OwnWork> database, int attempts, long durationMs, ArrivalPattern arrivals,
            long seed) {
        Topology t = Chains.checkout(database, attempts, DEADLINE_MS);
        return new CallTree(t, durationMs, arrivals, seed).run();
    }

    static List<RetrySweepRow> sweepRows(List<CallTreeOutcome> healthy, List<CallTreeOutcome> down) {
        List<RetrySweepRow> rows = new ArrayList<>();
        for (String mode : List.of("healthy", "degraded")) {
            List<CallTreeOutcome> runs = mode.equals("healthy") ? healthy : down;
            for (int i = 0; i < runs.size(); i++) {
                CallTreeOutcome o = runs.get(i);
                int r = i + 1;
                rows.add(new RetrySweepRow(mode, r, o.successPct(0),
                        o.eligibleLeafAttempts(r, Chains.TIMEOUT_MS, Chains.BACKOFF_MS),
                        o.spawnsPerSecond(DATABASE), o.p99(0)));
            }
        }
        return rows;
    }

    static List<WindowRow> windowRows(CallTreeOutcome r1, CallTreeOutcome r3) {
        List<WindowRow> rows = new ArrayList<>();
        for (int w = 0; w < r1.windows(); w++) {
            rows.add(new WindowRow(w * 100L, r1.windowSuccess(w, 0), r3.windowSuccess(w, 0),
                    r1.windowSpawns(DATABASE, w) * 10.0, r3.windowSpawns(DATABASE, w) * 10.0));
        }
        return rows;
    }

    private static ChartArtifact timelineChart(List<WindowRow> rows, boolean attempts) {
        List<Number> x = ChartSeries.column(rows, WindowRow::windowStartMs);
        return attempts
                ? new ChartArtifact("Database attempts per second, outage 1.5-2.5 s", "retry-storms-storm-timeline.png",
                        Charts.lines("Retry storm", "arrival window (ms)", "database attempts (rps)", x,
                                ChartSeries.of(rows, "R=1", WindowRow::r1DbAttemptsRps, "R=3",
                                        WindowRow::r3DbAttemptsRps)))
                : new ChartArtifact("Success by arrival window, outage 1.5-2.5 s", "retry-storms-rescue.png",
                        Charts.lines("What the retries rescue", "arrival window (ms)", "success (%)", x,
                                ChartSeries.of(rows, "R=1", WindowRow::r1SuccessPct, "R=3", WindowRow::r3SuccessPct)));
    }

    private static ChartArtifact amplificationChart(List<RetrySweepRow> rows) {
        List<RetrySweepRow> healthy = rows.stream().filter(r -> r.mode().equals("healthy")).toList();
        List<RetrySweepRow> down = rows.stream().filter(r -> r.mode().equals("degraded")).toList();
        Map<String, List<? extends Number>> series = new LinkedHashMap<>();
        series.put("healthy", ChartSeries.column(healthy, RetrySweepRow::dbAttemptsPerRequest));
        series.put("hard-down", ChartSeries.column(down, RetrySweepRow::dbAttemptsPerRequest));
        return new ChartArtifact("Database attempts per request by attempts per hop", "retry-storms-amplification.png",
                Charts.lines("Amplification", "attempts per hop (R)", "database attempts per request",
                        ChartSeries.column(healthy, RetrySweepRow::attemptsPerHop), series));
    }

    static String findings(List<CallTreeOutcome> down, CallTreeOutcome r1, CallTreeOutcome r3) {
        CallTreeOutcome three = down.get(2);
        double amp = three.eligibleLeafAttempts(3, Chains.TIMEOUT_MS, Chains.BACKOFF_MS);
        double peak1 = 0;
        double peak3 = 0;
        for (int w = 0; w < r1.windows(); w++) {
            peak1 = Math.max(peak1, r1.windowSpawns(DATABASE, w) * 10.0);
            peak3 = Math.max(peak3, r3.windowSpawns(DATABASE, w) * 10.0);
        }
        return f("With the database down, 3 attempts per hop send %.2f database attempts per request and %.1f %% "
                + "succeed. Through the 1 s outage, 3 attempts lift success from %.1f %% to %.1f %% and the database "
                + "peak from %.0f to %.0f attempts/s.", amp, three.successPct(0), r1.successPct(0), r3.successPct(0),
                peak1, peak3);
    }

    /**
     * The published article's conclusions: against a hard-down database R attempts per hop become
     * about R² database attempts and rescue nothing; through a one-second outage R = 3 rescues more
     * requests than R = 1 at the price of a spike of database attempts.
     */
    private static List<Conclusion<?>> publishedConclusions() {
        return List.of(
                Conclusion.of("3 attempts per hop make about 9 database attempts per request when it is down",
                        RetrySweepRow.class, r -> {
                    double a = r.first(s -> s.mode().equals("degraded") && s.attemptsPerHop() == 3,
                            "degraded R = 3").dbAttemptsPerRequest();
                    return Conclusion.verdict(a >= 8 && a <= 10, "%.2f attempts per request", a);
                }),
                Conclusion.of("retries rescue nothing when the database is down", RetrySweepRow.class, r -> {
                    double best = r.where(s -> s.mode().equals("degraded")).stream().mapToDouble(RetrySweepRow::successPct)
                            .max().orElseThrow(() -> new Rows.MissingRowException("no degraded row in this run"));
                    return Conclusion.verdict(best < 1, "best success %.1f %% over R = 1..4", best);
                }),
                Conclusion.of("through an outage, R = 3 rescues more than R = 1 but multiplies database attempts",
                        WindowRow.class, r -> {
                    double r1 = r.mean(WindowRow::r1SuccessPct);
                    double r3 = r.mean(WindowRow::r3SuccessPct);
                    double peak1 = r.max(WindowRow::r1DbAttemptsRps);
                    double peak3 = r.max(WindowRow::r3DbAttemptsRps);
                    return Conclusion.verdict(r3 > r1 && peak3 > peak1, "mean window success R = 3 %.1f %% vs "
                            + "R = 1 %.1f %%, database peak %.0f vs %.0f rps", r3, r1, peak3, peak1);
                }));
    }
}
