package io.tailguard.artifacts;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArtifactWriterTest {

    @TempDir
    Path dir;

    private final CsvTable printed = CsvTable.builder("Rows", "plan-rows.csv", "x", "y").row("1", "2.5").build();
    private final CsvTable other = CsvTable.builder("More", "plan-more.csv", "k").row("a,b").build();

    private Report report() {
        Map<String, String> arguments = new LinkedHashMap<>();
        arguments.put("--rate", "100");
        arguments.put("--config", "proxy.yaml");
        return new Report("plan", "A plan", "What the proxy would do.", List.of("plan", "--rate", "100"),
                arguments, Map.of("--rate", "default"), OptionalLong.of(9), List.of(), List.of(printed, other), List.of(printed),
                List.of(new ChartArtifact("y over x", "plan-y.png",
                        Charts.lines("y", "x", "y", List.of(1.0, 2.0), Map.of("y", List.of(2.5, 3.0))))),
                List.of("It held."), List.of(new FileArtifact("plan.hlog", new byte[] {4, 5})));
    }

    @Test
    void writesTablesFilesChartsReportThenManifestWithEveryDigest() throws IOException {
        List<Artifact> written = new ArtifactWriter("1.2.3", "abc1234").write(report(), dir, "out/plan");

        assertThat(written).extracting(Artifact::file).containsExactly("plan-rows.csv", "plan-more.csv",
                "plan.hlog", "plan-y.png", "report.html", "manifest.json");
        assertThat(Files.readString(dir.resolve("plan-more.csv"))).isEqualTo("k\n\"a,b\"\n");
        String manifest = Files.readString(dir.resolve("manifest.json"));
        for (Artifact a : written.subList(0, 5)) {
            byte[] bytes = Files.readAllBytes(dir.resolve(a.file()));
            assertThat(a.sha256()).isEqualTo(ArtifactWriter.sha256(bytes));
            assertThat(manifest).contains("{\"file\": \"" + a.file() + "\", \"bytes\": " + bytes.length
                    + ", \"sha256\": \"" + a.sha256() + "\"}");
        }
        assertThat(manifest).contains("\"experiment\": \"plan\"").contains("\"tailguard_version\": \"1.2.3\"")
                .contains("\"git_commit\": \"abc1234\"").contains("\"seed\": 9")
                .contains("\"arguments\": {\"--rate\": \"100\", \"--config\": \"proxy.yaml\"}")
                .contains("\"output_dir\": \"out/plan\"").doesNotContain("\"file\": \"manifest.json\"");
    }

    @Test
    void reportOpensWithTheFirstFindingThenChartsThenPrintedTablesThenTheOthersThenTheRun() throws IOException {
        new ArtifactWriter("1.2.3", "abc1234").write(report(), dir, "out");

        String html = Files.readString(dir.resolve(ArtifactWriter.REPORT), StandardCharsets.UTF_8);
        int verdict = html.indexOf("<li class=\"verdict finding\">It held.</li>");
        int chart = html.indexOf("data:image/png;base64,");
        int printedTable = html.indexOf("plan-rows.csv");
        int otherTable = html.indexOf("plan-more.csv");
        int run = html.indexOf("<h2>Run</h2>");
        assertThat(verdict).isPositive().isLessThan(chart);
        assertThat(chart).isLessThan(printedTable);
        assertThat(printedTable).isLessThan(otherTable);
        assertThat(otherTable).isLessThan(run);
        assertThat(html).doesNotContain("<p class=\"finding\">It held.</p>")
                .contains("<td>--rate</td><td>100 (default)</td>").contains("<td>--config</td><td>proxy.yaml</td>")
                .contains("<td>./tailguard plan --rate 100</td>")
                .contains("<code>plan.hlog</code> (2 bytes)").doesNotContain("<script");
    }

    @Test
    void refusesPrintedTablesThatAreNotTables() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Report("plan", "t", "d", List.of(), Map.of(), Map.of(),
                        OptionalLong.empty(), List.of(), List.of(other), List.of(printed), List.of(), List.of(), List.of()))
                .hasMessage("printedTables must be a subset of tables but was [plan-rows.csv]");
    }
}
