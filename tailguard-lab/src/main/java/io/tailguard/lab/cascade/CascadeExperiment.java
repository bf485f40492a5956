package io.tailguard.lab.cascade;

import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.ChartSeries;
import io.tailguard.lab.Conclusion;
import static io.tailguard.sim.calltree.Scoring.f;

import io.tailguard.artifacts.ChartArtifact;
import io.tailguard.artifacts.Charts;
import io.tailguard.artifacts.CsvTable;
import io.tailguard.lab.LabResult;
import io.tailguard.lab.Progress;
import io.tailguard.sim.calltree.ArrivalPattern;
import io.tailguard.lab.failure.FailureExperiment;
import io.tailguard.lab.failure.FailureOptions;
import io.tailguard.sim.calltree.OwnWork;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Thread-safe (stateless) cascading-failures experiment, the published lab's failure series post 1:
 * a database slows down and, through synchronous calls that hold a worker at every hop, a route that
 * never touches it fails too because both routes share the frontend's 20 workers. With the defaults it
 * reproduces the published CSVs byte for byte.
 */
public final class CascadeExperiment extends FailureExperiment {

    static final int[] DB_MS = {10, 50, 100, 150, 200, 250, 300, 400, 500};

    private static final ExperimentSpec SPEC = FailureOptions.spec("cascading-failures", "Cascading Failures Explained",
            "A slow database fails a route that never calls it, through a shared frontend pool.", 42,
            FailureOptions.ARRIVAL_SEED, publishedConclusions(), "lab cascading-failures --deterministic --duration 5s",
            "lab cascading-failures --duration 20s --arrivals poisson --seed 7");

    /** Creates the experiment. */
    public CascadeExperiment() {
        super(SPEC, CascadeRun.DEADLINE_MS);
    }

    @Override
    protected LabResult scenario(long durationMs, ArrivalPattern arrivals, long seed, Progress progress) {
        progress.begin("lab cascading-failures", DB_MS.length + 2);
        List<CascadeRun> sweep = new ArrayList<>();
        for (int db : DB_MS) {
            sweep.add(CascadeRun.run(OwnWork.constant(db), durationMs, arrivals, seed, false));
            progress.step("database " + db + " ms");
        }
        CascadeRun timeline = CascadeRun.run(OwnWork.degradedAfter(2000.0, 10, 500), durationMs, arrivals, seed, false);
        progress.step("timeline");
        CascadeRun isolated = CascadeRun.run(OwnWork.constant(500), durationMs, arrivals, seed, true);
        progress.step("isolated frontends");
        progress.end();

        List<CascadeSweepRow> sweepRows = sweepRows(sweep);
        List<TimelineRow> timelineRows = timelineRows(timeline);
        CsvTable sweepTable = CsvTable.of("Degradation sweep", "cascading-failures-cascade-sweep.csv", CascadeSweepRow.HEADER,
                sweepRows);
        LabResult.Builder result = LabResult.builder(title())
                .printedTable(sweepTable)
                .records(sweepRows)
                .seedSummary(sweepTable, "success_pct", "p99_ms")
                .table(CsvTable.of("Degradation timeline", "cascading-failures-cascade-timeline.csv",
                        TimelineRow.HEADER, timelineRows))
                .records(timelineRows)
                .chart(sweepChart(sweepRows))
                .chart(timelineChart(timelineRows))
                .finding(findings(sweep, timeline, isolated));
        result.seed(seed);
        return result.build();
    }

    static List<CascadeSweepRow> sweepRows(List<CascadeRun> sweep) {
        List<CascadeSweepRow> rows = new ArrayList<>();
        for (int i = 0; i < DB_MS.length; i++) {
            for (int r = 0; r < CascadeRun.ROUTES.size(); r++) {
                CascadeRun run = sweep.get(i);
                rows.add(new CascadeSweepRow(DB_MS[i], CascadeRun.ROUTES.get(r), run.successPct()[r], run.p99Ms()[r]));
            }
        }
        return rows;
    }

    static List<TimelineRow> timelineRows(CascadeRun run) {
        List<TimelineRow> rows = new ArrayList<>();
        for (int w = 0; w < run.windowSuccess().length; w++) {
            int[] q = run.queueSamples()[w];
            rows.add(new TimelineRow(w * 100L, run.windowSuccess()[w][0], run.windowSuccess()[w][1], q[0], q[1], q[2],
                    q[3]));
        }
        return rows;
    }

    private static ChartArtifact sweepChart(List<CascadeSweepRow> rows) {
        List<CascadeSweepRow> a = rows.stream().filter(r -> r.route().equals(CascadeRun.ROUTES.get(0))).toList();
        List<CascadeSweepRow> b = rows.stream().filter(r -> r.route().equals(CascadeRun.ROUTES.get(1))).toList();
        Map<String, List<? extends Number>> series = new LinkedHashMap<>();
        series.put("route-a (calls the database)", ChartSeries.column(a, CascadeSweepRow::successPct));
        series.put("route-b (never calls it)", ChartSeries.column(b, CascadeSweepRow::successPct));
        return new ChartArtifact("Success by database service time",
                "cascading-failures-cascade-sweep.png",
                Charts.lines("Cascade: success vs database service time", "database service time (ms)",
                        "success (%)", ChartSeries.column(a, CascadeSweepRow::dbServiceMs), series));
    }

    private static ChartArtifact timelineChart(List<TimelineRow> rows) {
        return new ChartArtifact("Success by arrival window, database 10 -> 500 ms at 2 s",
                "cascading-failures-cascade-timeline.png",
                Charts.lines("Cascade timeline", "arrival window (ms)", "success (%)",
                        ChartSeries.column(rows, TimelineRow::windowStartMs), ChartSeries.of(rows, "route-a",
                                TimelineRow::routeASuccessPct, "route-b", TimelineRow::routeBSuccessPct)));
    }

    static String findings(List<CascadeRun> sweep, CascadeRun timeline, CascadeRun isolated) {
        CascadeRun worst = sweep.get(sweep.size() - 1);
        int firstBHit = -1;
        for (int i = 0; i < DB_MS.length && firstBHit < 0; i++) {
            if (sweep.get(i).successPct()[1] < 100.0) {
                firstBHit = DB_MS[i];
            }
        }
        int maxFrontend = 0;
        int maxDatabase = 0;
        for (int[] q : timeline.queueSamples()) {
            maxFrontend = Math.max(maxFrontend, q[0]);
            maxDatabase = Math.max(maxDatabase, q[3]);
        }
        String spread = firstBHit < 0
                ? "route-b, which never calls the database, stayed at 100 % at every database time tried"
                : f("route-b, which never calls the database, first lost requests at a %d ms database", firstBHit);
        return f("A 500 ms database leaves route-a %.1f %% and route-b %.1f %% on time; %s. The frontend's queue "
                + "peaked at %d, the database's at %d. With its own frontend route-b keeps %.1f %%.",
                worst.successPct()[0], worst.successPct()[1], spread, maxFrontend, maxDatabase,
                isolated.successPct()[1]);
    }

    /**
     * The published article's conclusions: a 500 ms database fails route-b, which never calls it,
     * through the shared frontend; and the backlog builds at the frontend, not at the database.
     */
    private static List<Conclusion<?>> publishedConclusions() {
        return List.of(
                Conclusion.of("a 500 ms database fails most of route-b, which never calls it", CascadeSweepRow.class, r -> {
                    double b = r.first(s -> s.dbServiceMs() == 500 && s.route().equals("route-b"), "500 ms route-b")
                            .successPct();
                    double a = r.first(s -> s.dbServiceMs() == 500 && s.route().equals("route-a"), "500 ms route-a")
                            .successPct();
                    return Conclusion.verdict(b < 50, "route-b %.1f %%, route-a %.1f %%", b, a);
                }),
                Conclusion.of("the backlog builds at the frontend, not at the database", TimelineRow.class, r -> {
                    double frontend = r.max(TimelineRow::frontendQueue);
                    double database = r.max(TimelineRow::databaseQueue);
                    return Conclusion.verdict(frontend > database, "deepest queue: frontend %.0f, database %.0f",
                            frontend, database);
                }));
    }
}
