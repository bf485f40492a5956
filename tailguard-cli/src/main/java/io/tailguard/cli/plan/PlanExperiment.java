package io.tailguard.cli.plan;

import io.tailguard.lab.Experiment;
import io.tailguard.lab.LabArgs;
import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.LabSeries;
import io.tailguard.lab.LabResult;
import io.tailguard.lab.Progress;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Not thread-safe (one run): a plan shaped as a lab experiment, so that the lab writes its
 * artifacts (CSVs, charts, report, manifest) all or nothing, as for every experiment. Options are
 * parsed by {@link PlanCommand}; this declares none. After the run, {@link #rows} holds the
 * figures the SLOs are checked against.
 */
final class PlanExperiment implements Experiment {

    private final List<PoolPlan> pools;
    private final List<LoadText> loads;
    private final PlanTraffic traffic;
    private final long seed;
    private final int seeds;
    private final List<Slo> slos;
    private final String gatedConfig;
    private final PrintWriter err;
    private List<PlanRow> rows = List.of();
    private final List<String> missed = new ArrayList<>();

    PlanExperiment(List<PoolPlan> pools, List<LoadText> loads, PlanTraffic traffic, long seed, int seeds,
                   List<Slo> slos, String gatedConfig, PrintWriter err) {
        this.pools = List.copyOf(pools);
        this.loads = List.copyOf(loads);
        this.traffic = traffic;
        this.seed = seed;
        this.seeds = seeds;
        this.slos = List.copyOf(slos);
        this.gatedConfig = gatedConfig;
        this.err = err;
    }

    @Override
    public ExperimentSpec spec() {
        return new ExperimentSpec("plan",
                "tailguard plan: " + String.join(" vs ", pools.stream().map(PoolPlan::config).distinct().toList()),
                "A proxy configuration's own decision path run in the simulator against a described service.",
                LabSeries.TAILGUARD, List.of(), List.of(), List.of());
    }

    @Override
    public LabResult run(LabArgs args, Progress progress) {
        List<List<PlanRow>> perSeed = new ArrayList<>();
        rows = new PlanSweep(pools, loads, traffic, err).run(seed, seeds, perSeed);
        LabResult.Builder result = LabResult.builder(title());
        result.printedTable(PlanTables.summary(rows));
        for (PoolPlan pool : pools) {
            result.finding(capacity(pool));
            if (pool.settings().balancer().readsLeases()) {
                String note = pool.config() + " pool " + pool.settings().name() + " balances by lease ("
                        + pool.settings().balancer().name().toLowerCase(Locale.ROOT).replace('_', '-')
                        + "); the plan's backends grant no leases, so it balances as the proxy does when every "
                        + "lease has expired.";
                err.println("tailguard: " + note);
                result.finding(note);
            }
        }
        result.table(PlanTables.plan(rows)).table(PlanTables.rejections(rows));
        if (seeds > 1) {
            result.table(PlanTables.intervals(perSeed));
        }
        result.chart(PlanTables.chart(rows, true)).chart(PlanTables.chart(rows, false));
        for (Slo slo : slos) {
            for (PlanRow row : rows) {
                if (row.config().equals(gatedConfig) && row.load().sameAs(slo.load())) {
                    boolean met = slo.met(row);
                    String line = String.format(Locale.ROOT, "SLO %s on pool %s: %s (%s).", slo.text(), row.pool(),
                            met ? "met" : "missed", slo.describe(row));
                    result.finding(line);
                    if (!met) {
                        missed.add(String.format(Locale.ROOT, "plan misses %s on pool %s: %s", slo.text(), row.pool(),
                                slo.describe(row)));
                    }
                }
            }
        }
        return result.seed(seed).build();
    }

    private static String capacity(PoolPlan pool) {
        return String.format(Locale.ROOT, "%s pool %s: capacity %.1f requests/s (%d backends; the sum of workers ÷ "
                        + "mean service time), the 1x of --load.", pool.config(), pool.settings().name(),
                pool.capacityRps(), pool.backends().size());
    }

    /** Returns the rows of the last run, averaged over seeds. */
    List<PlanRow> rows() {
        return rows;
    }

    /** Returns one line per SLO missed by the gated configuration. */
    List<String> missed() {
        return List.copyOf(missed);
    }
}
