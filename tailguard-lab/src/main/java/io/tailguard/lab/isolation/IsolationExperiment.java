package io.tailguard.lab.isolation;

import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.ChartSeries;
import io.tailguard.lab.Conclusion;
import static io.tailguard.sim.calltree.Scoring.f;

import io.tailguard.deadline.DeadlineBudget;
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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Thread-safe (stateless) failure-isolation experiment, the published lab's failure series post 5: a
 * 55 rps neighbour whose 380 ms database calls succeed holds the shared 20-worker frontend; the
 * 50 rps route with a 100 ms deadline starves. Core breakers and the core deadline budget see nothing
 * wrong; a bulkhead (the core fixed concurrency limiter per route at the frontend) saves it. With the
 * defaults it reproduces the published CSVs byte for byte.
 */
public final class IsolationExperiment extends FailureExperiment {

    static final long DEADLINE_A_MS = 1000;
    static final long DEADLINE_B_MS = 100;
    static final int FRONTEND_WORKERS = 20;
    static final List<String> POLICIES = List.of("naive", "breaker", "budget", "bulkhead", "all-three");

    private static final ExperimentSpec SPEC = FailureOptions.spec("failure-isolation", "Failure Isolation Boundaries",
            "A greedy neighbour starves a shared pool; only a bulkhead (per-route concurrency limit) helps.", 42,
            FailureOptions.ARRIVAL_SEED, publishedConclusions(), "lab failure-isolation --deterministic --duration 5s",
            "lab failure-isolation --duration 20s", "lab failure-isolation --arrivals bursty --seed 5");

    /** Creates the experiment. */
    public IsolationExperiment() {
        super(SPEC, DEADLINE_A_MS);
    }

    @Override
    protected LabResult scenario(long durationMs, ArrivalPattern arrivals, long seed, Progress progress) {
        progress.begin("lab failure-isolation", POLICIES.size() + 8);
        List<CallTreeOutcome> policies = new ArrayList<>();
        for (String policy : POLICIES) {
            policies.add(run(policy, 1, durationMs, arrivals, seed));
            progress.step(policy);
        }
        List<CallTreeOutcome> sizing = new ArrayList<>();
        for (int reserve = 1; reserve <= 8; reserve++) {
            sizing.add(run("bulkhead", reserve, durationMs, arrivals, seed));
            progress.step("reserve " + reserve);
        }
        progress.end();
        List<SizingRow> sizingRows = sizingRows(sizing);
        List<IsolationPolicyRow> rows = new ArrayList<>();
        for (int i = 0; i < policies.size(); i++) {
            rows.add(IsolationPolicyRow.of(POLICIES.get(i), policies.get(i)));
        }
        CsvTable policyTable = CsvTable.of("Policy comparison", "failure-isolation-policy-table.csv", IsolationPolicyRow.HEADER,
                rows);
        return LabResult.builder(title())
                .printedTable(policyTable)
                .records(rows)
                .seedSummary(policyTable, "route_a_success_pct", "route_b_success_pct")
                .table(CsvTable.of("Bulkhead sizing", "failure-isolation-bulkhead-sizing.csv", SizingRow.HEADER,
                        sizingRows))
                .chart(policyChart(rows))
                .chart(sizingChart(sizingRows))
                .finding(findings(policies, sizing))
                .seed(seed)
                .build();
    }

    /** Runs {@code policy} ("bulkhead" and "all-three" reserve {@code reserve} frontend workers for route-b). */
    static CallTreeOutcome run(String policy, int reserve, long durationMs, ArrivalPattern arrivals, long seed) {
        Policies p = Policies.naive();
        boolean all = policy.equals("all-three");
        if (all || policy.equals("breaker")) {
            p = p.withBreakers(Breakers.core("frontend->service-a", "service-a->database"));
        }
        if (all || policy.equals("budget")) {
            p = p.withBudget(new DeadlineBudget(Duration.ofMillis(DEADLINE_A_MS), Duration.ofMillis(15)));
        }
        if (all || policy.equals("bulkhead")) {
            p = p.withBulkhead(0, FRONTEND_WORKERS - reserve, reserve);
        }
        return new CallTree(topology(p), durationMs, arrivals, seed).run();
    }

    static Topology topology(Policies policies) {
        return new Topology(List.of(
                new ServiceSpec("frontend", FRONTEND_WORKERS, () -> OwnWork.constant(5)),
                new ServiceSpec("service-a", 200, () -> OwnWork.constant(5)),
                new ServiceSpec("service-b", 200, () -> OwnWork.constant(10)),
                new ServiceSpec("database", 30, () -> OwnWork.constant(380))),
                List.of(new RouteSpec("route-a", new int[] {0, 1, 3}, 55.0, DEADLINE_A_MS),
                        new RouteSpec("route-b", new int[] {0, 2}, 50.0, DEADLINE_B_MS)),
                Chains.ATTEMPTS, Chains.TIMEOUT_MS, policies);
    }

    static List<SizingRow> sizingRows(List<CallTreeOutcome> runs) {
        List<SizingRow> rows = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            int reserve = i + 1;
            rows.add(new SizingRow(reserve, FRONTEND_WORKERS - reserve, runs.get(i).successPct(0),
                    runs.get(i).successPct(1)));
        }
        return rows;
    }

    private static ChartArtifact policyChart(List<IsolationPolicyRow> rows) {
        return new ChartArtifact("Success by policy", "failure-isolation-policy.png",
                Charts.bars("Who the policy protects", "policy", "success (%)", POLICIES, ChartSeries.of(rows,
                        "route-a (greedy)", IsolationPolicyRow::routeASuccessPct, "route-b (100 ms deadline)",
                        IsolationPolicyRow::routeBSuccessPct)));
    }

    private static ChartArtifact sizingChart(List<SizingRow> rows) {
        return new ChartArtifact("Success by frontend workers reserved for route-b", "failure-isolation-bulkhead-sizing.png",
                Charts.lines("Bulkhead sizing", "workers reserved for route-b", "success (%)",
                        ChartSeries.column(rows, SizingRow::routeBReserved), ChartSeries.of(rows, "route-a",
                                SizingRow::routeASuccessPct, "route-b", SizingRow::routeBSuccessPct)));
    }

    static String findings(List<CallTreeOutcome> policies, List<CallTreeOutcome> sizing) {
        CallTreeOutcome naive = policies.get(0);
        CallTreeOutcome bulkhead = policies.get(3);
        boolean inert = policies.get(1).successPct(1) == naive.successPct(1)
                && policies.get(2).successPct(1) == naive.successPct(1);
        int smallest = -1;
        for (int i = 0; i < sizing.size() && smallest < 0; i++) {
            if (sizing.get(i).successPct(1) >= 99.95) {
                smallest = i + 1;
            }
        }
        return f("One reserved frontend worker lifts route-b from %.1f %% to %.1f %% (route-a %.1f %% to %.1f %%); "
                + "breakers and the budget %s. %s.",
                naive.successPct(1), bulkhead.successPct(1), naive.successPct(0), bulkhead.successPct(0),
                inert ? "leave route-b as it was" : "change route-b",
                smallest < 0 ? "No reserve up to 8 workers kept route-b whole"
                        : f("The smallest reserve that keeps route-b whole is %d", smallest));
    }

    /**
     * The published article's conclusions: breakers and a budget leave the greedy neighbour's victim
     * (route-b) where it was; one reserved frontend worker gives route-b back all its requests; and
     * the bulkhead costs route-a nothing.
     */
    private static List<Conclusion<?>> publishedConclusions() {
        return List.of(
                Conclusion.of("breakers and a budget do not help route-b", IsolationPolicyRow.class, r -> {
                    double naive = policy(r, "naive").routeBSuccessPct();
                    double breaker = policy(r, "breaker").routeBSuccessPct();
                    double budget = policy(r, "budget").routeBSuccessPct();
                    return Conclusion.verdict(breaker <= naive + 1 && budget <= naive + 1,
                            "route-b naive %.1f %%, breaker %.1f %%, budget %.1f %%", naive, breaker, budget);
                }),
                Conclusion.of("a bulkhead of one reserved worker gives route-b 100 %", IsolationPolicyRow.class, r -> {
                    double naive = policy(r, "naive").routeBSuccessPct();
                    double bulkhead = policy(r, "bulkhead").routeBSuccessPct();
                    return Conclusion.verdict(bulkhead >= 99.95, "route-b %.1f %% with the bulkhead, %.1f %% naive",
                            bulkhead, naive);
                }),
                Conclusion.of("the bulkhead costs route-a nothing", IsolationPolicyRow.class, r -> {
                    double naive = policy(r, "naive").routeASuccessPct();
                    double bulkhead = policy(r, "bulkhead").routeASuccessPct();
                    return Conclusion.verdict(bulkhead >= naive, "route-a %.1f %% with the bulkhead, %.1f %% naive",
                            bulkhead, naive);
                }));
    }

    private static IsolationPolicyRow policy(Rows<IsolationPolicyRow> rows, String policy) {
        return rows.first(r -> r.policy().equals(policy), "policy " + policy);
    }
}
