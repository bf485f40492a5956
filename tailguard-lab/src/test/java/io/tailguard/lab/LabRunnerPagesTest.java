package io.tailguard.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the runner puts on the report and the index: verdict lines, the run as run, series groups. */
class LabRunnerPagesTest {

    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final LabRunner runner = new LabRunner(new PrintWriter(out, true), Progress.silent());

    /** The fake experiment under another name and series, with two conclusions: one holds, one does not. */
    static Experiment judged(String name, LabSeries series) {
        return new FakeExperiment(new ExperimentSpec(name, "Judged " + name, "Judges two claims.", series,
                FakeExperiment.SPEC.options(), List.of(), List.of(
                        Conclusion.of("rows come first", ScoreRow.class,
                                rows -> Conclusion.verdict(true, "row 0 of %d", 3)),
                        Conclusion.of("half is whole", ScoreRow.class,
                                rows -> Conclusion.verdict(false, "half %.1f", 0.5)))));
    }

    static Experiment plain(String name, LabSeries series) {
        return new FakeExperiment(new ExperimentSpec(name, "Plain " + name, "Answers without conclusions.", series,
                FakeExperiment.SPEC.options(), List.of(), List.of()));
    }

    @Test
    void reportOpensWithOneVerdictLinePerConclusionAndLeavesTheTerminalParagraphOut() throws IOException {
        Path dir = tmp.resolve("out");
        runner.run(judged("judged", LabSeries.BACKPRESSURE), Map.of(), dir.toString(), List.of("lab", "judged"));

        String html = Files.readString(dir.resolve("report.html"));
        int held = html.indexOf("<span class=\"outcome\">held</span> &ldquo;rows come first&rdquo;");
        int notHeld = html.indexOf("<span class=\"outcome\">did not hold</span> &ldquo;half is whole&rdquo;");
        assertThat(held).isPositive().isLessThan(notHeld);
        assertThat(notHeld).isLessThan(html.indexOf("Found 3 rows")).isLessThan(html.indexOf("data:image/png"));
        assertThat(html).doesNotContain("Published conclusions, judged");
        assertThat(out.toString()).contains("Published conclusions, judged from this run's rows: "
                + "\"rows come first\" holds (row 0 of 3). \"half is whole\" does not hold (half 0.5).");
    }

    @Test
    void runTableMarksDefaultsAndWhatElseRan() throws IOException {
        Experiment fake = new FakeExperiment(false) {
            @Override
            public LabResult run(LabArgs args, Progress progress) {
                return LabResult.builder("Fake").finding("One.").ranAlso("--mode", "the comparison also ran b").build();
            }
        };
        Path dir = tmp.resolve("out");
        runner.run(fake, Map.of("--concurrency", "4"), dir.toString(), List.of("lab", "fake", "--concurrency", "4"));

        String html = Files.readString(dir.resolve("report.html"));
        assertThat(html).contains("<td>--mode</td><td>a (default; the comparison also ran b)</td>")
                .contains("<td>--concurrency</td><td class=\"num\">4</td>")
                .contains("<td>--duration</td><td>2s (default)</td>")
                .contains("<td>./tailguard lab fake --concurrency 4</td>");
    }

    @Test
    void indexGroupsReportsBySeriesWithTheirVerdictCountAndListsWhatRunsAlone() throws IOException {
        Path dir = tmp.resolve("all");
        runner.runAll(dir.toString(), List.of("lab", "all"),
                List.of(plain("own", LabSeries.TAILGUARD), judged("judged", LabSeries.BACKPRESSURE)),
                List.of(plain("live-one", LabSeries.TAILGUARD)));

        String index = Files.readString(dir.resolve("index.html"));
        int backpressure = index.indexOf("<h2>" + escaped(LabSeries.BACKPRESSURE) + "</h2>");
        int own = index.indexOf("<h2>" + escaped(LabSeries.TAILGUARD) + "</h2>");
        assertThat(backpressure).isPositive().isLessThan(own);
        assertThat(index).doesNotContain(escaped(LabSeries.LATENCY))
                .contains("<tr><td><span class=\"count mixed\">1 of 2 held</span></td><td><a href=\"judged/report.html\">")
                .contains("<tr><td><span class=\"count note\">no published conclusions</span></td>"
                        + "<td><a href=\"own/report.html\">")
                .contains("2 reports; 1 of 2 published conclusions held.")
                .contains("<tr><td><code>./tailguard lab live-one</code></td><td>Answers without conclusions.</td></tr>");
        assertThat(index.indexOf("judged/report.html")).isBetween(backpressure, own);
        assertThat(dir.resolve("live-one")).doesNotExist();
    }

    private static String escaped(LabSeries series) {
        return series.heading().replace("'", "&#39;");
    }
}
