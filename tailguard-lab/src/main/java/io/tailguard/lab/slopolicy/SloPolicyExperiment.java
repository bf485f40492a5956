package io.tailguard.lab.slopolicy;

import io.tailguard.artifacts.ChartArtifact;
import io.tailguard.artifacts.Charts;
import io.tailguard.artifacts.CsvTable;
import io.tailguard.config.DurationText;
import io.tailguard.lab.ChartSeries;
import io.tailguard.lab.Conclusion;
import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabOption;
import io.tailguard.lab.LabResult;
import io.tailguard.lab.LabUsageException;
import io.tailguard.lab.Progress;
import io.tailguard.lab.Rows;
import io.tailguard.lab.SpecExperiment;
import io.tailguard.lab.latencyseries.PublishedFlags;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Thread-safe (stateless) SLO-policy experiment (the published lab's post 6): four scripted
 * patterns under the same five seconds of overload, scored against a latency objective with an
 * error budget and a burn rate. With the golden arguments it reproduces the published two CSVs byte
 * for byte; {@code --request-mix random} draws the request costs from {@code --seed} instead.
 */
public final class SloPolicyExperiment extends SpecExperiment {

    static final String SLO_TARGET = "--slo-target";
    static final String MIX = "--request-mix";

    private static final ExperimentSpec SPEC = PublishedFlags.spec("slo-policy",
            "SLO policy and burn-rate simulation",
            "Four scripted patterns against a latency SLO: error budget, burn rate and alerts per second.",
            List.of(
                PublishedFlags.deterministic(),
                PublishedFlags.duration("5s", Duration.ofHours(1),
                        "Length in whole seconds, at least 1 and capped at 5 (the published overload script)."),
                PublishedFlags.concurrency(10, "Load multiplier: 100 x N requests per second."),
                LabOption.text(SLO_TARGET, "p99<200ms", "<p99<Nms>", "Latency threshold a good request meets; the "
                        + "objective is always 99 % good, as published."),
                LabOption.choice(MIX, "scripted", List.of("scripted", "random"), "Request costs: the published "
                        + "arithmetic sequence, or drawn from --seed with the same shares."),
                LabOption.seed(42, "Seed of --request-mix random (the scripted mix draws nothing).")),
            publishedConclusions(),
            "lab slo-policy --deterministic --concurrency 10 --duration 5s --slo-target 'p99<200ms'",
            "lab slo-policy --slo-target 'p99<250ms'",
            "lab slo-policy --request-mix random --seeds 20");

    /** Creates the experiment. */
    public SloPolicyExperiment() {
        super(SPEC);
    }

    @Override
    public LabResult run(LabArgs args, Progress progress) {
        long thresholdMs = threshold(args.text(SLO_TARGET));
        long seconds = Math.max(1, Math.min(args.duration(LabOption.DURATION).toSeconds(), SloPolicyModel.OVERLOAD_MS.length));
        long rps = Math.max(1, args.intValue(PublishedFlags.CONCURRENCY) * 100L);
        SloPolicyModel.Mix mix = SloPolicyModel.Mix.valueOf(args.choice(MIX).toUpperCase(Locale.ROOT));
        long seed = args.longValue(LabOption.SEED);
        progress.begin("lab slo-policy", 1);
        SloPolicyModel model = SloPolicyModel.run(seconds, rps, thresholdMs, mix, seed);
        progress.step("four patterns");
        progress.end();
        CsvTable summary = model.summaryTable();
        CsvTable windows = model.windowsTable();
        LabResult.Builder result = LabResult.builder(String.format(Locale.ROOT,
                        "%s: p99<%dms, %d requests/s for %d s, %s mix", title(), thresholdMs, rps, seconds,
                        mix.name().toLowerCase(Locale.ROOT)))
                .printedTable(summary)
                .records(model.summaries)
                .table(windows)
                .seedSummary(summary, "achieved_sli_pct", "final_budget_remaining_pct")
                .finding(SloPolicyFindings.describe(model.summaries, mix, thresholdMs));
        if (mix == SloPolicyModel.Mix.RANDOM) {
            result.seed(seed);
        }
        charts(model, seconds).forEach(result::chart);
        return result.build();
    }

    /**
     * Parses the published flag: lower-cased, spaces removed, the text after {@code p99<} must be a
     * duration in core's syntax ({@code 200ms}, {@code 0.2s}) of whole milliseconds, the model's unit.
     */
    static long threshold(String raw) {
        String s = raw.toLowerCase(Locale.ROOT).replace(" ", "");
        int at = s.indexOf("p99<");
        Duration d = at < 0 ? null : DurationText.parseOrNull(s.substring(at + 4));
        if (d != null && !d.isNegative() && d.toNanosPart() % 1_000_000 == 0) {
            return d.toMillis();
        }
        throw LabUsageException.of(SLO_TARGET, "p99<D with D a duration of whole milliseconds, like p99<200ms or"
                + " p99<0.2s", raw);
    }

    private static List<ChartArtifact> charts(SloPolicyModel model, long seconds) {
        List<Long> x = new ArrayList<>();
        for (long s = 1; s <= seconds; s++) {
            x.add(s);
        }
        Map<String, List<? extends Number>> burn = new LinkedHashMap<>();
        for (SloPattern pattern : SloPattern.values()) {
            burn.put(pattern.label(), ChartSeries.column(model.windows.stream().filter(w -> w.pattern() == pattern)
                    .toList(), SloPolicyModel.Window::burnRate));
        }
        List<String> patterns = model.summaries.stream().map(s -> s.pattern().label()).toList();
        Map<String, List<? extends Number>> bars = ChartSeries.of(model.summaries, "achieved SLI %",
                SloPolicyModel.Summary::sliPct, "budget remaining %", SloPolicyModel.Summary::budgetRemainingPct);
        return List.of(
                new ChartArtifact("Burn rate", "slo-policy-burn-rate.png",
                        Charts.lines("Burn rate per second (alert at 2)", "elapsed s", "burn rate", x, burn)),
                new ChartArtifact("Error budget", "slo-policy-error-budget.png",
                        Charts.bars("Achieved SLI and error budget left", "pattern", "%", patterns, bars)));
    }

    /**
     * The published article's conclusions: the bulkhead meets the 99 % objective without an alert
     * and ranks first, ahead of the concurrency limit; a timeout budget scores no better than no
     * pattern at all.
     */
    private static List<Conclusion<?>> publishedConclusions() {
        return List.of(
                Conclusion.of("the bulkhead meets the objective without alerting", SloPolicyModel.Summary.class, r -> {
                    SloPolicyModel.Summary bulkhead = pattern(r, "bulkhead");
                    return Conclusion.verdict(bulkhead.sliPct() >= 99 && !bulkhead.alerted(), "SLI %.2f %%, alert %b",
                            bulkhead.sliPct(), bulkhead.alerted());
                }),
                Conclusion.of("the bulkhead beats the concurrency limit", SloPolicyModel.Summary.class, r -> {
                    double bulkhead = pattern(r, "bulkhead").sliPct();
                    double limit = pattern(r, "concurrency-limit").sliPct();
                    return Conclusion.verdict(bulkhead > limit, "SLI %.2f %% vs %.2f %%", bulkhead, limit);
                }),
                Conclusion.of("a timeout budget scores no better than the baseline", SloPolicyModel.Summary.class, r -> {
                    double timeout = pattern(r, "timeout-budget").sliPct();
                    double baseline = pattern(r, "baseline").sliPct();
                    return Conclusion.verdict(timeout <= baseline, "SLI %.2f %% vs baseline %.2f %%", timeout,
                            baseline);
                }));
    }

    private static SloPolicyModel.Summary pattern(Rows<SloPolicyModel.Summary> rows, String pattern) {
        return rows.first(s -> s.pattern().label().equals(pattern), "pattern " + pattern);
    }
}
