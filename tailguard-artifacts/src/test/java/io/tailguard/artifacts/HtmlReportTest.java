package io.tailguard.artifacts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class HtmlReportTest {

    private static Report report(List<Verdict> verdicts, List<String> findings) {
        CsvTable rows = CsvTable.builder("Rows", "x-rows.csv", "k", "v").row("a", "1").build();
        return new Report("x", "X", "What x shows.", List.of("lab", "x"), Map.of("--overload", "sustained"),
                Map.of("--overload", "default; the comparison also ran transient"), OptionalLong.empty(), verdicts,
                List.of(rows), List.of(rows), List.of(), findings, List.of());
    }

    @Test
    void opensWithOneLinePerConclusionSayingWhetherItHeldBeforeAnyFinding() {
        String html = HtmlReport.render(report(List.of(
                new Verdict(Verdict.Outcome.HELD, "a beats b", "a 2.0 vs b 1.0"),
                new Verdict(Verdict.Outcome.NOT_HELD, "c beats d", "c 1.0 vs d 3.0")),
                List.of("Another finding.")), List.of(), "1", "abc");

        int held = html.indexOf("<li class=\"verdict held\"><span class=\"outcome\">held</span> &ldquo;a beats b&rdquo;"
                + " <span class=\"evidence\">a 2.0 vs b 1.0</span></li>");
        int notHeld = html.indexOf("<li class=\"verdict not-held\"><span class=\"outcome\">did not hold</span>"
                + " &ldquo;c beats d&rdquo;");
        assertThat(held).isPositive();
        assertThat(notHeld).isGreaterThan(held).isLessThan(html.indexOf("<p class=\"finding\">Another finding.</p>"));
        assertThat(html.indexOf("Another finding.")).isLessThan(html.indexOf("<h2>Tables</h2>"));
    }

    @Test
    void withoutConclusionsTheFirstFindingIsTheVerdictLineAndIsNotRepeated() {
        String html = HtmlReport.render(report(List.of(), List.of("The queue holds.", "Details.")), List.of(), "1",
                "abc");

        assertThat(html).contains("<li class=\"verdict finding\">The queue holds.</li>")
                .doesNotContain("<p class=\"finding\">The queue holds.</p>")
                .contains("<p class=\"finding\">Details.</p>");
    }

    @Test
    void theRunTableSaysWhatRanBeyondTheGivenValue() {
        List<List<String>> facts = HtmlReport.facts(report(List.of(), List.of()), "1", "abc");

        assertThat(facts).contains(List.of("--overload", "sustained (default; the comparison also ran transient)"),
                List.of("command line", "./tailguard lab x"));
    }
}
