package io.tailguard.lab.budget;

import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.Conclusion;
import static io.tailguard.sim.calltree.Scoring.f;

import io.tailguard.deadline.DeadlineBudget;
import io.tailguard.artifacts.ChartArtifact;
import io.tailguard.artifacts.Charts;
import io.tailguard.artifacts.CsvRow;
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
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Thread-safe (stateless) timeout-budgets experiment, the published lab's failure series post 4: 40 %
 * of database calls take 500 ms; a propagated deadline budget (core {@link DeadlineBudget}, 15 ms
 * floor) against per-call timeouts alone and against core breakers, over several deadlines. With the
 * defaults it reproduces the published CSVs byte for byte.
 */
public final class BudgetExperiment extends FailureExperiment {

    static final long[] DEADLINES = {400, 450, 500, 600, 800, 1000};
    static final long TABLE_DEADLINE = 400;
    static final long FLOOR_MS = 15;
    static final long PUBLISHED_SEED = 7;
    static final List<String> POLICIES = List.of("no-protection", "breaker", "budget", "budget+breaker");

    private static final ExperimentSpec SPEC = FailureOptions.spec("timeout-budgets", "Timeout Budgeting",
            "A deadline carried down the call tree stops work nobody waits for; timeouts and breakers alone do not.",
            PUBLISHED_SEED,
            "Seed of the slow-call draws (java.util.Random, published 7) " + "and of the random arrival streams.",
            publishedConclusions(), "lab timeout-budgets --deterministic --duration 5s", "lab timeout-budgets --seed 2",
            "lab timeout-budgets --duration 20s --arrivals poisson");

    /** Creates the experiment. */
    public BudgetExperiment() {
        super(SPEC, DEADLINES[DEADLINES.length - 1]);
    }

    @Override
    protected LabResult scenario(long durationMs, ArrivalPattern arrivals, long seed, Progress progress) {
        progress.begin("lab timeout-budgets", DEADLINES.length * 3 + 4);
        List<CallTreeOutcome[]> sweep = new ArrayList<>();
        for (long deadline : DEADLINES) {
            CallTreeOutcome[] row = new CallTreeOutcome[3];
            for (int p = 0; p < 3; p++) {
                row[p] = run(POLICIES.get(p), deadline, durationMs, arrivals, seed);
                progress.step(deadline + " ms " + POLICIES.get(p));
            }
            sweep.add(row);
        }
        List<CallTreeOutcome> table = new ArrayList<>();
        for (String policy : POLICIES) {
            table.add(run(policy, TABLE_DEADLINE, durationMs, arrivals, seed));
            progress.step("400 ms " + policy);
        }
        progress.end();
        double requests = Math.round(50.0 * durationMs / 1000.0);
        List<BudgetPolicyRow> rows = new ArrayList<>();
        for (int p = 0; p < table.size(); p++) {
            rows.add(BudgetPolicyRow.of(TABLE_DEADLINE, POLICIES.get(p), table.get(p), requests));
        }
        CsvTable policies = CsvTable.of("Policy table", "timeout-budgets-policy-table.csv", BudgetPolicyRow.HEADER, rows);
        return LabResult.builder(title())
                .table(sweepTable(sweep, requests))
                .printedTable(policies)
                .records(rows)
                .seedSummary(policies, "success_pct", "past_deadline_pct")
                .chart(sweepChart(sweep, false))
                .chart(sweepChart(sweep, true))
                .finding(findings(table, seed))
                .seed(seed)
                .build();
    }

    /** Runs {@code policy} with scoring (and budget) deadline {@code deadlineMs}. */
    static CallTreeOutcome run(String policy, long deadlineMs, long durationMs, ArrivalPattern arrivals, long seed) {
        Topology chain = Chains.checkout(
                () -> OwnWork.partialDegradation(0.0, Double.MAX_VALUE, 10, 500, 0.4, seed), Chains.ATTEMPTS,
                deadlineMs);
        Policies p = Policies.naive();
        if (policy.contains("breaker")) {
            p = p.withBreakers(Breakers.core("frontend->service-a", "service-a->database"));
        }
        if (policy.startsWith("budget")) {
            p = p.withBudget(new DeadlineBudget(Duration.ofMillis(deadlineMs), Duration.ofMillis(FLOOR_MS)));
        }
        return new CallTree(chain.with(p), durationMs, arrivals, seed).run();
    }

    static CsvTable sweepTable(List<CallTreeOutcome[]> sweep, double requests) {
        List<CsvRow> rows = new ArrayList<>();
        for (int d = 0; d < DEADLINES.length; d++) {
            for (int p = 0; p < 3; p++) {
                rows.add(BudgetPolicyRow.of(DEADLINES[d], POLICIES.get(p), sweep.get(d)[p], requests).sweepCells());
            }
        }
        return CsvTable.of("Deadline sweep", "timeout-budgets-deadline-sweep.csv", BudgetPolicyRow.SWEEP_HEADER, rows);
    }

    private static ChartArtifact sweepChart(List<CallTreeOutcome[]> sweep, boolean p99) {
        List<Long> x = new ArrayList<>();
        for (long d : DEADLINES) {
            x.add(d);
        }
        Map<String, List<? extends Number>> series = new LinkedHashMap<>();
        for (int p = 0; p < 3; p++) {
            List<Double> y = new ArrayList<>();
            for (CallTreeOutcome[] row : sweep) {
                y.add(p99 ? row[p].p99(0) : row[p].successPct(0));
            }
            series.put(POLICIES.get(p), y);
        }
        return p99
                ? new ChartArtifact("p99 time to be told by deadline", "timeout-budgets-latency-cap.png",
                        Charts.lines("Latency cap", "deadline (ms)", "p99 (ms)", x, series))
                : new ChartArtifact("Success by deadline", "timeout-budgets-deadline-sweep.png",
                        Charts.lines("Deadline sweep", "deadline (ms)", "success (%)", x, series));
    }

    static String findings(List<CallTreeOutcome> table, long seed) {
        double none = table.get(0).successPct(0);
        double breaker = table.get(1).successPct(0);
        double budget = table.get(2).successPct(0);
        double both = table.get(3).successPct(0);
        return f("At a 400 ms deadline (slow-call seed %d): budget %.1f %%, budget+breaker %.1f %%, breaker %.1f %%, "
                + "no protection %.1f %% on time. Database attempts past the deadline: %.1f %% without a budget, "
                + "%.1f %% with one. The order moves with --seed.", seed, budget, both, breaker, none,
                table.get(0).pastDeadlinePct(), table.get(2).pastDeadlinePct());
    }

    /**
     * The published article's conclusions: at a 400 ms deadline a propagated budget beats breakers,
     * which beat no protection; the budget alone beats the budget with breakers (the one that flips
     * on other seeds of the slow-call draws); and a budget starts no database call past the deadline.
     */
    private static List<Conclusion<?>> publishedConclusions() {
        return List.of(
                Conclusion.of("at 400 ms, budget beats breaker beats no protection", BudgetPolicyRow.class, r -> {
                    double budget = policy(r, "budget").successPct();
                    double breaker = policy(r, "breaker").successPct();
                    double none = policy(r, "no-protection").successPct();
                    return Conclusion.verdict(budget > breaker && breaker > none,
                            "budget %.1f %%, breaker %.1f %%, no protection %.1f %%", budget, breaker, none);
                }),
                Conclusion.of("budget alone beats budget+breaker", BudgetPolicyRow.class, r -> {
                    double budget = policy(r, "budget").successPct();
                    double both = policy(r, "budget+breaker").successPct();
                    return Conclusion.verdict(budget > both, "budget %.1f %% vs budget+breaker %.1f %%", budget, both);
                }),
                Conclusion.of("a budget sends no database call past the deadline", BudgetPolicyRow.class, r -> {
                    double budget = policy(r, "budget").pastDeadlinePct();
                    double both = policy(r, "budget+breaker").pastDeadlinePct();
                    double none = policy(r, "no-protection").pastDeadlinePct();
                    return Conclusion.verdict(budget == 0 && both == 0, "past the deadline: budget %.1f %%, "
                            + "budget+breaker %.1f %%, no protection %.1f %%", budget, both, none);
                }));
    }

    private static BudgetPolicyRow policy(Rows<BudgetPolicyRow> rows, String policy) {
        return rows.first(r -> r.policy().equals(policy), "policy " + policy);
    }
}
