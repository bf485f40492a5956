package io.tailguard.lab;

import io.tailguard.artifacts.ChartArtifact;
import io.tailguard.artifacts.Charts;
import io.tailguard.artifacts.CsvTable;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A tiny experiment for framework tests: a table of n rows, one chart, one finding. */
class FakeExperiment extends SpecExperiment {

    static final ExperimentSpec SPEC = new ExperimentSpec("fake",
            "Fake <experiment> & co",
            "Writes a small table for framework tests.",
            LabSeries.TAILGUARD,
            List.of(
                LabOption.flag("--deterministic", "ignored"),
                LabOption.duration("--duration", "2s", Duration.ofMinutes(1), "run length"),
                LabOption.positiveInt("--concurrency", 3, 100, "rows"),
                LabOption.choice("--mode", "a", List.of("a", "b"), "a mode"),
                LabOption.longValue("--seed", 7, "seed")),
            List.of(),
            List.of());

    private final boolean fail;

    FakeExperiment(boolean fail) {
        this(SPEC, fail);
    }

    /** The same experiment under {@code spec}, which keeps {@link #SPEC}'s options. */
    FakeExperiment(ExperimentSpec spec) {
        this(spec, false);
    }

    private FakeExperiment(ExperimentSpec spec, boolean fail) {
        super(spec);
        this.fail = fail;
    }

    @Override
    public LabResult run(LabArgs args, Progress progress) {
        int n = args.intValue("--concurrency");
        progress.begin("fake", n);
        CsvTable.Builder table = CsvTable.builder("Rows", "fake-rows.csv", "i", "half");
        for (int i = 0; i < n; i++) {
            table.row(Integer.toString(i), String.format(Locale.ROOT, "%.1f", i / 2.0));
            progress.step("row " + i);
            if (fail && i == n - 1) {
                throw new IllegalStateException("boom");
            }
        }
        progress.end();
        return LabResult.builder(title())
                .printedTable(table.build())
                .chart(new ChartArtifact("Rows", "fake-rows.png",
                        Charts.bars("Rows", "i", "half", List.of("x", "y"), Map.of("s", List.of(1, 2)))))
                .finding("Found " + n + " rows in " + args.duration("--duration").toMillis() + " ms.")
                .seed(args.longValue("--seed"))
                .records(List.of(new ScoreRow("rows", n)))
                .build();
    }
}
