package io.tailguard.lab.breaker;

import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.ChartSeries;
import io.tailguard.lab.Conclusion;

import io.tailguard.artifacts.ChartArtifact;
import io.tailguard.artifacts.Charts;
import io.tailguard.artifacts.CsvTable;
import io.tailguard.lab.LabResult;
import io.tailguard.lab.Progress;
import io.tailguard.lab.Rows;
import io.tailguard.sim.calltree.ArrivalPattern;
import io.tailguard.sim.calltree.Breakers;
import io.tailguard.sim.calltree.CallTree;
import io.tailguard.sim.calltree.CallTreeOutcome;
import io.tailguard.sim.calltree.Chains;
import io.tailguard.lab.failure.FailureExperiment;
import io.tailguard.lab.failure.FailureOptions;
import io.tailguard.sim.calltree.OwnWork;
import io.tailguard.sim.calltree.Policies;
import io.tailguard.sim.calltree.Topology;
import io.tailguard.sim.calltree.Topology.RouteSpec;
import io.tailguard.sim.calltree.Topology.ServiceSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * Thread-safe (stateless) circuit-breaker experiment, the published lab's failure series post 3: the
 * core {@link io.tailguard.breaker.CircuitBreaker} on the call tree's edges cuts a retry storm against
 * a database that is down from 9 attempts per request to a fraction of one, and keeps the shared
 * frontend free for the route that never calls the database. The {@code resilience4j} row runs the
 * real Resilience4j breaker as published. With the defaults it reproduces the published CSVs byte for
 * byte.
 */
public final class BreakerExperiment extends FailureExperiment {

    static final long DEADLINE_MS = 1000;
    static final long BLAST_DEADLINE_MS = 300;
    static final String FRONTEND_EDGE = "frontend->service-a";
    static final String DATABASE_EDGE = "service-a->database";
    static final String ROUTE_B_EDGE = "frontend->service-b";

    private static final ExperimentSpec SPEC = FailureOptions.spec("circuit-breaker", "Circuit Breaker Design",
            "Breakers on each edge stop a retry storm and keep a shared frontend for the healthy route.", 42,
            FailureOptions.ARRIVAL_SEED, publishedConclusions(), "lab circuit-breaker --deterministic --duration 5s",
            "lab circuit-breaker --duration 20s --arrivals poisson --seed 11");

    /** Creates the experiment. */
    public BreakerExperiment() {
        super(SPEC, DEADLINE_MS);
    }

    @Override
    protected LabResult scenario(long durationMs, ArrivalPattern arrivals, long seed, Progress progress) {
        progress.begin("lab circuit-breaker", 5);
        Topology down = Chains.checkout(() -> OwnWork.constant(500), Chains.ATTEMPTS, DEADLINE_MS);
        CallTreeOutcome naive = new CallTree(down, durationMs, arrivals, seed).run();
        progress.step("naive-retry");
        CallTreeOutcome core = new CallTree(down.with(Policies.naive().withBreakers(
                Breakers.core(FRONTEND_EDGE, DATABASE_EDGE))), durationMs, arrivals, seed).run();
        progress.step("with-breaker");
        CallTreeOutcome r4j = new CallTree(down.with(Policies.naive().withBreakers(
                Breakers.on(Resilience4jEdgeBreaker::new, FRONTEND_EDGE, DATABASE_EDGE))), durationMs, arrivals,
                seed).run();
        progress.step("resilience4j");
        CallTreeOutcome blastNaive = new CallTree(blastRadius(Policies.naive()), durationMs, arrivals, seed).run();
        progress.step("blast radius, naive");
        CallTreeOutcome blastBreaker = new CallTree(blastRadius(Policies.naive().withBreakers(
                Breakers.core(FRONTEND_EDGE, ROUTE_B_EDGE, DATABASE_EDGE))), durationMs, arrivals, seed).run();
        progress.step("blast radius, breakers");
        progress.end();

        List<BreakerSweepRow> sweepRows = List.of(BreakerSweepRow.of("naive-retry", naive), BreakerSweepRow.of("with-breaker", core),
                BreakerSweepRow.of("resilience4j", r4j));
        CsvTable sweep = CsvTable.of("Hard-down comparison", "circuit-breaker-breaker-sweep.csv", BreakerSweepRow.HEADER,
                sweepRows);
        List<BlastRow> blastRows = blastRows(blastNaive, blastBreaker);
        return LabResult.builder(title())
                .printedTable(sweep)
                .records(sweepRows)
                .seedSummary(sweep, "success_pct", "db_attempts_per_request", "p99_resolution_ms")
                .table(CsvTable.of("Blast-radius timeline", "circuit-breaker-blast-radius.csv", BlastRow.HEADER,
                        blastRows))
                .records(blastRows)
                .chart(blastChart(blastRows, false))
                .chart(blastChart(blastRows, true))
                .finding(BreakerFindings.of(naive, core, r4j, blastNaive, blastBreaker))
                .seed(seed)
                .build();
    }

    /** The blast-radius topology: a 20-worker frontend shared by a database route and one that is not. */
    static Topology blastRadius(Policies policies) {
        return new Topology(List.of(
                new ServiceSpec("frontend", 20, () -> OwnWork.constant(5)),
                new ServiceSpec("service-a", 200, () -> OwnWork.constant(5)),
                new ServiceSpec("service-b", 10, () -> OwnWork.constant(10)),
                new ServiceSpec("database", 10, () -> OwnWork.degradedBetween(1500.0, 2500.0, 10, 500))),
                List.of(new RouteSpec("route-a", new int[] {0, 1, 3}, 50.0, BLAST_DEADLINE_MS),
                        new RouteSpec("route-b", new int[] {0, 2}, 50.0, BLAST_DEADLINE_MS)),
                Chains.ATTEMPTS, Chains.TIMEOUT_MS, policies);
    }

    static List<BlastRow> blastRows(CallTreeOutcome naive, CallTreeOutcome breaker) {
        List<BlastRow> rows = new ArrayList<>();
        for (int w = 0; w < naive.windows(); w++) {
            int start = w * 100;
            rows.add(new BlastRow(start, naive.windowSuccess(w, 0), naive.windowSuccess(w, 1),
                    breaker.windowSuccess(w, 0), breaker.windowSuccess(w, 1), naive.windowSpawns(3, w) * 10.0,
                    breaker.windowSpawns(3, w) * 10.0, breaker.breaker(FRONTEND_EDGE).stateAt(start),
                    breaker.breaker(DATABASE_EDGE).stateAt(start)));
        }
        return rows;
    }

    private static ChartArtifact blastChart(List<BlastRow> rows, boolean attempts) {
        List<Number> x = ChartSeries.column(rows, BlastRow::windowStartMs);
        return attempts
                ? new ChartArtifact("Database attempts per second, outage 1.5-2.5 s",
                        "circuit-breaker-storm-suppression.png",
                        Charts.lines("Storm suppression", "arrival window (ms)", "database attempts (rps)", x,
                                ChartSeries.of(rows, "naive retries", BlastRow::naiveDbAttemptsRps, "breakers",
                                        BlastRow::breakerDbAttemptsRps)))
                : new ChartArtifact("route-b success (never calls the database)", "circuit-breaker-blast-radius.png",
                        Charts.lines("Blast radius: route-b", "arrival window (ms)", "success (%)", x,
                                ChartSeries.of(rows, "naive retries", BlastRow::naiveRouteBPct, "breakers",
                                        BlastRow::breakerRouteBPct)));
    }

    /**
     * The published article's conclusions: against a hard-down database breakers cut the retry
     * storm and answer sooner; the Resilience4j breaker gives the same row; and with breakers the
     * neighbouring route-b never drops.
     */
    private static List<Conclusion<?>> publishedConclusions() {
        return List.of(
                Conclusion.of("breakers cut database attempts tenfold and answer sooner", BreakerSweepRow.class, r -> {
                    double naive = policy(r, "naive-retry").dbAttemptsPerRequest();
                    double breaker = policy(r, "with-breaker").dbAttemptsPerRequest();
                    double naiveP50 = policy(r, "naive-retry").p50ResolutionMs();
                    double breakerP50 = policy(r, "with-breaker").p50ResolutionMs();
                    return Conclusion.verdict(breaker * 10 <= naive && breakerP50 < naiveP50,
                            "%.2f vs %.2f attempts per request, p50 %.0f vs %.0f ms", breaker, naive, breakerP50,
                            naiveP50);
                }),
                Conclusion.of("the Resilience4j breaker gives the same row", BreakerSweepRow.class, r -> {
                    List<String> ours = policy(r, "with-breaker").cells();
                    List<String> r4j = policy(r, "resilience4j").cells();
                    return Conclusion.verdict(ours.subList(1, ours.size()).equals(r4j.subList(1, r4j.size())),
                            "ours %s, Resilience4j %s", String.join("/", ours.subList(1, ours.size())),
                            String.join("/", r4j.subList(1, r4j.size())));
                }),
                Conclusion.of("with breakers route-b never drops", BlastRow.class, r -> {
                    long naiveHit = r.where(w -> w.naiveRouteBPct() < 99.95).size();
                    long breakerHit = r.where(w -> w.breakerRouteBPct() < 99.95).size();
                    return Conclusion.verdict(breakerHit == 0 && naiveHit > 0,
                            "route-b below 100 %% in %d windows with breakers, %d naive", breakerHit, naiveHit);
                }));
    }

    private static BreakerSweepRow policy(Rows<BreakerSweepRow> rows, String policy) {
        return rows.first(s -> s.policy().equals(policy), "policy " + policy);
    }
}
