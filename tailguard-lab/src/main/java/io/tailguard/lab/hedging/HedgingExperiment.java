package io.tailguard.lab.hedging;

import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabOption;
import io.tailguard.lab.LabResult;
import io.tailguard.lab.Progress;
import io.tailguard.lab.SpecExperiment;
import java.util.List;

/**
 * Thread-safe (stateless) hedging experiment: the Redis latency of the published hedging article,
 * no hedging against the article's speculative task (2 and 3 attempts, patience 25 ms, timeout 50 ms) and
 * percentile delays (p90, p95), each with and without a 5 % budget; first on a backend with
 * unlimited capacity, then on a station of 8 workers at 80 % utilisation where hedges queue.
 * Every hedged call runs through the core {@link io.tailguard.hedge.Hedger} on a virtual
 * scheduler.
 */
public final class HedgingExperiment extends SpecExperiment {

    static final String REQUESTS = "--requests";
    /** Calls per row by default: keeps the default run of 18 rows within seconds on 2 cores. */
    static final int DEFAULT_REQUESTS = 100_000;
    static final int MAX_REQUESTS = 10_000_000;

    /** Creates the experiment. */
    public HedgingExperiment() {
        super(ExperimentSpec.own("hedging",
            "Hedged requests: the published article's speculative task, percentile delays and budgets",
            "Hedging against isolated slow responses: tail cut, true hedge rate and extra load, " + "and what hedges do to a saturated backend.",
            List.of(
                LabOption.positiveInt(REQUESTS, DEFAULT_REQUESTS, MAX_REQUESTS, "Calls simulated per row "
                        + "(18 rows). 1000000 gives steadier p99.9 figures and takes several times longer."),
                LabOption.longValue(LabOption.SEED, 4, "Seed of the arrival and latency streams; same seed, same tables.")),
            "lab hedging", "lab hedging --requests 1000000 --output-dir out/hedging", "lab hedging --seed 7"));
    }

    @Override
    public LabResult run(LabArgs args, Progress progress) {
        long requests = args.intValue(REQUESTS);
        long seed = args.longValue(LabOption.SEED);
        List<HedgingRow> rows = HedgingRuns.rows();
        progress.begin("lab hedging", rows.size());
        List<HedgingResult> results = HedgingRuns.run(rows, requests, seed,
                Runtime.getRuntime().availableProcessors(),
                result -> progress.step(result.row().scenario().label() + " " + HedgingTables.label(result.row())));
        progress.end();

        LabResult.Builder result = LabResult.builder(title())
                .printedTable(HedgingTables.summary(results))
                .printedTable(HedgingTables.outcomes(results))
                .seed(seed);
        HedgingTables.charts(results).forEach(result::chart);
        HedgingFindings.all(results).forEach(result::finding);
        return result.build();
    }
}
