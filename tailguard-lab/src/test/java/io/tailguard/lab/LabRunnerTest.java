package io.tailguard.lab;

import io.tailguard.artifacts.Artifact;
import io.tailguard.artifacts.ArtifactWriter;
import io.tailguard.artifacts.FileArtifact;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LabRunnerTest {

    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final LabRunner runner = new LabRunner(new PrintWriter(out, true), Progress.silent());

    @Test
    void writesCsvPngReportAndManifestWithMatchingDigests() throws IOException {
        Path dir = tmp.resolve("a/b/out");
        List<Artifact> artifacts = runner.run(new FakeExperiment(false), Map.of("--concurrency", "4"),
                dir.toString(), List.of("lab", "fake", "--concurrency", "4"));

        assertThat(artifacts).extracting(Artifact::file)
                .containsExactly("fake-rows.csv", "fake-rows.png", "report.html", "manifest.json");
        assertThat(Files.readString(dir.resolve("fake-rows.csv")))
                .isEqualTo("i,half\n0,0.0\n1,0.5\n2,1.0\n3,1.5\n");
        String manifest = Files.readString(dir.resolve("manifest.json"));
        for (Artifact a : artifacts.subList(0, 3)) {
            byte[] bytes = Files.readAllBytes(dir.resolve(a.file()));
            assertThat(manifest).contains("\"file\": \"" + a.file() + "\", \"bytes\": " + bytes.length
                    + ", \"sha256\": \"" + ArtifactWriter.sha256(bytes) + "\"");
        }
        assertThat(manifest).contains("\"command_line\": [\"lab\", \"fake\", \"--concurrency\", \"4\"]")
                .contains("\"--concurrency\": \"4\"").contains("\"--duration\": \"2s\"")
                .contains("\"seed\": 7").contains("\"git_commit\": ").doesNotContain("manifest.json");
        assertThat(out.toString()).contains("i  half\n0  0.0\n").contains("Found 4 rows in 2000 ms.");
        assertThat(listing(tmp)).noneMatch(p -> p.contains(".tailguard-"));
    }

    @Test
    void writesFileArtifactsWithValidatedArgumentsAndListsThemInManifestAndReport() throws IOException {
        Experiment live = new FakeExperiment(false) {
            @Override
            public LabResult run(LabArgs args, Progress progress) {
                return LabResult.builder("Live").file(new FileArtifact("run.hlog", new byte[] {1, 2, 3})).build();
            }
        };
        Path dir = tmp.resolve("out");
        LabArgs args = LabArgs.validated(Map.of("--rate", "100,200"), List.of("load", "--rate", "100,200"));

        List<Artifact> artifacts = runner.run(live, args, dir.toString());

        assertThat(artifacts).extracting(Artifact::file).containsExactly("run.hlog", "report.html", "manifest.json");
        assertThat(Files.readAllBytes(dir.resolve("run.hlog"))).containsExactly(1, 2, 3);
        assertThat(Files.readString(dir.resolve("manifest.json"))).contains("\"--rate\": \"100,200\"")
                .contains("{\"file\": \"run.hlog\", \"bytes\": 3, \"sha256\": \""
                        + ArtifactWriter.sha256(new byte[] {1, 2, 3}) + "\"}");
        assertThat(Files.readString(dir.resolve("report.html"))).contains("<code>run.hlog</code> (3 bytes)");
    }

    @Test
    void reportIsSelfContained() throws IOException {
        runner.run(new FakeExperiment(false), Map.of(), tmp.resolve("out").toString(), List.of());
        String html = Files.readString(tmp.resolve("out/report.html"), StandardCharsets.UTF_8);
        assertThat(html).contains("data:image/png;base64,iVBOR")
                .contains("<title>Fake &lt;experiment&gt; &amp; co</title>")
                .contains("<td class=\"num\">1</td><td class=\"num\">0.5</td>")
                .doesNotContain("<script").doesNotContain("innerHTML").doesNotContain("http://")
                .doesNotContain("https://").doesNotContain("<link").doesNotContain("@import")
                .doesNotContain("url(");
    }

    @Test
    void rejectsBadValuesBeforeWritingAnything() {
        FakeExperiment fake = new FakeExperiment(false);
        String dir = tmp.resolve("out").toString();
        assertThatThrownBy(() -> runner.run(fake, Map.of("--duration", "5x"), dir, List.of()))
                .isInstanceOf(LabUsageException.class)
                .hasMessage("--duration must be a positive duration like 5s or 500ms but was '5x'");
        assertThatThrownBy(() -> runner.run(fake, Map.of("--concurrency", "0"), dir, List.of()))
                .hasMessage("--concurrency must be an integer from 1 to 100 but was '0'");
        assertThatThrownBy(() -> runner.run(fake, Map.of("--mode", "c"), dir, List.of()))
                .hasMessage("--mode must be one of a, b but was 'c'");
        assertThatThrownBy(() -> runner.run(fake, Map.of("--nope", "1"), dir, List.of()))
                .isInstanceOf(LabUsageException.class).hasMessageContaining("'--nope'");
        assertThat(tmp.resolve("out")).doesNotExist();
    }

    @Test
    void unwritableOutputDirIsAUsageErrorAndLeavesNothing() throws IOException {
        Path file = Files.writeString(tmp.resolve("plain.txt"), "x");
        assertThatThrownBy(() -> runner.run(new FakeExperiment(false), Map.of(),
                file.resolve("sub/out").toString(), List.of()))
                .isInstanceOf(LabUsageException.class)
                .hasMessageStartingWith("--output-dir must be a writable directory but was '"
                        + file.resolve("sub/out") + "' (");
        assertThatThrownBy(() -> runner.run(new FakeExperiment(false), Map.of(), file.toString(), List.of()))
                .hasMessageContaining("it is a file");
        assertThat(listing(tmp)).containsExactly("plain.txt");
    }

    @Test
    void failedRunLeavesNoHalfWrittenOutput() throws IOException {
        assertThatThrownBy(() -> runner.run(new FakeExperiment(true), Map.of(),
                tmp.resolve("new/out").toString(), List.of()))
                .hasMessage("boom");
        assertThat(listing(tmp)).isEmpty();
    }

    @Test
    void rerunReplacesFilesInAnExistingDirectoryAndKeepsOthers() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("out"));
        Files.writeString(dir.resolve("keep.txt"), "mine");
        Files.writeString(dir.resolve("fake-rows.csv"), "old");
        runner.run(new FakeExperiment(false), Map.of("--concurrency", "1"), dir.toString(), List.of());
        assertThat(Files.readString(dir.resolve("fake-rows.csv"))).isEqualTo("i,half\n0,0.0\n");
        assertThat(Files.readString(dir.resolve("keep.txt"))).isEqualTo("mine");
        assertThat(listing(tmp)).noneMatch(p -> p.contains(".tailguard-"));
    }

    private static List<String> listing(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(p -> !p.equals(root)).map(p -> root.relativize(p).toString())
                    .sorted().collect(Collectors.toList());
        }
    }
}
