package io.tailguard.lab.adaptive;

import io.tailguard.artifacts.CsvTable;
import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabOption;
import io.tailguard.lab.LabResult;
import io.tailguard.lab.Progress;
import io.tailguard.lab.SpecExperiment;
import java.util.ArrayList;
import java.util.List;

/**
 * Thread-safe (stateless) adaptive-limits experiment: seven adversarial scenarios on one simulated
 * saturable service with a latency cliff, each under our AIMD, Vegas, Gradient2 and adaptive lease
 * and under Netflix concurrency-limits' AIMD, Vegas and Gradient2 on the same simulated clock.
 */
public final class AdaptiveExperiment extends SpecExperiment {

    static final String SCALE = "--scale";

    /** Creates the experiment. */
    public AdaptiveExperiment() {
        super(ExperimentSpec.own("adaptive",
            "Adaptive limits that are hard to fool: ours against Netflix concurrency-limits",
            "Load steps, capacity loss, a lucky sample, bimodal service, a stall, fast errors and "
                + "steady overload against adaptive limits: goodput, tail, shedding, recovery, limit over time.",
            List.of(
                LabOption.fraction(SCALE, "1", "Share of each scenario's length to simulate (the drift "
                        + "scenario is 10 minutes at 1); 0.1 is a quick look."),
                LabOption.seed(1, "Seed of the arrival and service-time streams. Netflix's Vegas "
                        + "draws its probe jitter from ThreadLocalRandom, so its rows can vary between runs. "
                        + "One seed is one trajectory: where a tail comes from a rare crossing of the cliff, "
                        + "compare over --seeds.")),
            "lab adaptive",
            "lab adaptive --scale 0.1 --output-dir out/adaptive-quick",
            "lab adaptive --seed 7",
            "lab adaptive --seeds 20 --output-dir out/adaptive-seeds"));
    }

    @Override
    public LabResult run(LabArgs args, Progress progress) {
        double scale = args.fraction(SCALE);
        long seed = args.longValue(LabOption.SEED);
        List<AdaptiveScenario> scenarios = AdaptiveScenario.all();
        progress.begin("lab adaptive", scenarios.size() * AdaptiveLimiter.values().length);
        List<AdaptiveRow> rows = new ArrayList<>();
        for (AdaptiveScenario scenario : scenarios) {
            AdaptiveScenario scaled = scenario.scaled(scale);
            for (AdaptiveLimiter limiter : AdaptiveLimiter.values()) {
                rows.add(AdaptiveModel.run(scaled, limiter, seed));
                progress.step(scenario.name() + " / " + limiter.label);
            }
        }
        progress.end();
        CsvTable summary = AdaptiveReport.summary(rows);
        LabResult.Builder result = LabResult.builder(title())
                .printedTable(summary)
                .seedSummary(summary, "goodput_rps", "p999_ms")
                .table(AdaptiveReport.limits(rows))
                .seed(seed);
        AdaptiveReport.charts(rows).forEach(result::chart);
        AdaptiveFindings.all(rows).forEach(result::finding);
        return result.build();
    }
}
