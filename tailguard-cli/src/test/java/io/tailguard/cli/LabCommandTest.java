package io.tailguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LabCommandTest {

    @TempDir
    Path tmp;

    private final CliRun cli = new CliRun();

    @Test
    void listGroupsTheExperimentsBySeriesOneLineEach() {
        assertThat(cli.run("lab", "list")).isZero();
        List<String> lines = cli.out().lines().toList();
        assertThat(lines).anyMatch(l -> l.matches("  backpressure +Five admission strategies.*"))
                .anyMatch(l -> l.matches("  edge +Live \\(needs nginx, puma, haproxy\\).*"))
                .anyMatch(l -> l.matches("  live-overload +Live \\(needs nginx, haproxy\\): goodput and p99.*"));
        assertThat(lines.stream().filter(l -> l.startsWith("  ")))
                .hasSize(io.tailguard.lab.Experiments.all().size() + io.tailguard.lab.live.LiveExperiments.all().size());
        // the published lab's latency series comes before tailguard's own experiments
        assertThat(lines.indexOf("Latency (the published lab's first series):"))
                .isGreaterThanOrEqualTo(0)
                .isLessThan(lines.indexOf("tailguard's own experiments:"));
        assertThat(lines.indexOf("tailguard's own experiments:"))
                .isLessThan(lines.indexOf(lines.stream().filter(l -> l.startsWith("  leases ")).findFirst().orElseThrow()));
    }

    /** Live experiments refuse too before they start any server, and every refusal writes nothing. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "backpressure|--duration|5x|--duration must be a positive duration like 5s or 500ms but was '5x'",
        "backpressure|--duration|-1s|--duration must be a positive duration like 5s or 500ms but was '-1s'",
        "backpressure|--duration|0s|--duration must be a positive duration like 5s or 500ms but was '0s'",
        "backpressure|--concurrency|0|--concurrency must be an integer from 1 to 50000 but was '0'",
        "backpressure|--backpressure-strategy|fifo|--backpressure-strategy must be one of all, token-bucket,"
                + " bounded-queue, leaky-bucket, load-shedder, resilience4j-rate-limiter but was 'fifo'",
        "backpressure|--arrivals|uniform|--arrivals must be one of constant, poisson, bursty but was 'uniform'",
        "backpressure|--seed|x|--seed must be an integer but was 'x'",
        "edge|--scale|2|--scale must be a number greater than 0 and at most 1 but was '2'",
        "live-overload|--workers|0|--workers must be an integer from 1 to 256 but was '0'",
        "live-overload|--setup|envoy|--setup must be one of all, direct, nginx, haproxy, tailguard-fixed,"
                + " tailguard-adaptive but was 'envoy'"})
    void badValuesGiveOneLineAndExitTwoAndWriteNothing(String experiment, String flag, String value, String message)
            throws IOException {
        Path dir = tmp.resolve("out");
        assertThat(CliRun.mistake("lab", experiment, flag, value, "--output-dir", dir.toString()))
                .isEqualTo("tailguard: " + message);
        assertThat(listing()).isEmpty();
    }

    @Test
    void helpPrintsPercentSignsWithoutPicocliFormatWarnings() {
        // picocli formats option help with String.format and warns on System.err when "95 %" is no format
        PrintStream stderr = System.err;
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
        try {
            assertThat(cli.run("lab", "retry-storms", "--help")).isZero();
        } finally {
            System.setErr(stderr);
        }
        assertThat(cli.out()).contains("95 %").doesNotContain("%%");
        assertThat(warnings.toString(StandardCharsets.UTF_8)).isEmpty();
    }

    @Test
    void edgeHelpTeachesItsSetupsAndExamples() {
        assertThat(cli.run("lab", "edge", "--help")).isZero();
        assertThat(cli.out()).contains("--scale=<x>").contains("--setup=<all|nginx|nginx-client-timeout|")
                .contains("tailguard lab edge --scale 0.1 --output-dir out/edge");
    }

    @Test
    void unwritableOutputDirGivesOneLineAndExitTwo() throws IOException {
        Path file = Files.writeString(tmp.resolve("file"), "x");
        assertThat(cli.run("lab", "backpressure", "--output-dir", file.resolve("sub").toString())).isEqualTo(2);
        assertThat(cli.err()).startsWith("tailguard: --output-dir must be a writable directory but was '"
                + file.resolve("sub") + "' (").hasLineCount(1);
        assertThat(listing()).containsExactly("file");
    }

    @Test
    void unknownOptionGivesOneLineAndExitTwo() {
        assertThat(cli.run("lab", "backpressure", "--strategy", "x")).isEqualTo(2);
        assertThat(cli.err()).startsWith("tailguard: unknown option '--strategy'; options are ")
                .endsWith(" (see './tailguard lab backpressure --help')" + System.lineSeparator()).hasLineCount(1);
    }

    @Test
    void helpTeachesOptionsDefaultsAndExamples() {
        assertThat(cli.run("lab", "backpressure", "--help")).isZero();
        assertThat(cli.out()).contains("--duration=<duration>").contains("Default: 5s")
                .contains("--backpressure-strategy=<all|token-bucket|").contains("--output-dir=DIR")
                .contains("Examples:").contains("tailguard lab backpressure --arrivals poisson --seed 7");
    }

    @Test
    void backpressureWritesArtifactsAndPrintsTheSummaryTable() throws IOException {
        Path dir = tmp.resolve("bp");
        assertThat(cli.run("lab", "backpressure", "--deterministic", "--duration", "5s", "--concurrency", "10",
                "--snapshot-interval", "1s", "--output-dir", dir.toString())).isZero();
        assertThat(cli.out()).containsPattern("(?m)^sustained +bounded-queue +1000 +549 ");
        assertThat(dir.resolve("backpressure-summary.csv")).exists();
        assertThat(Files.readString(dir.resolve("manifest.json")))
                .contains("\"command_line\": [\"lab\", \"backpressure\", \"--deterministic\", \"--duration\", \"5s\"");
    }

    @Test
    void backpressurePrintsEachStrategysSustainedRowOnce() {
        Path dir = tmp.resolve("once");
        assertThat(cli.run("lab", "backpressure", "--duration", "2s", "--output-dir", dir.toString())).isZero();
        assertThat(cli.out().lines().filter(l -> l.contains("incoming_requests"))).hasSize(1);
        assertThat(cli.out().lines().filter(l -> l.matches("(sustained +)?bounded-queue +\\d+ .*"))).hasSize(1);
    }

    @Test
    void durationsFooterStatesTheOneGrammarOnlyOnExperimentsThatTakeDurations() {
        assertThat(cli.run("lab", "hedging", "--help")).isZero();
        assertThat(cli.out()).doesNotContain("Durations:");
        assertThat(cli.run("lab", "backpressure", "--help")).isZero();
        assertThat(cli.out()).contains("Durations: a number and a unit (ns, us, ms, s, m, h), such as 5s, 500ms, 0.5s"
                + " or" + System.lineSeparator() + "1m30s; a bare number is refused.").doesNotContain("no suffix");
    }

    @Test
    void eachExperimentDefaultsToItsOwnDirectoryUnderResults() {
        assertThat(cli.run("lab", "backpressure", "--help")).isZero();
        assertThat(cli.run("lab", "leases", "--help")).isZero();
        assertThat(cli.out()).contains("Default: ./results/backpressure").contains("Default: ./results/leases");
    }

    @Test
    void outputDirectoryIsCreatedWithTheUmaskLikeAnyOtherDirectory() throws IOException {
        Path probe = Files.createDirectory(tmp.resolve("probe"));
        Path dir = tmp.resolve("made");
        assertThat(cli.run("lab", "backpressure", "--duration", "1s", "--output-dir", dir.toString())).isZero();
        assertThat(Files.getPosixFilePermissions(dir)).isEqualTo(Files.getPosixFilePermissions(probe));
    }

    @Test
    void allRunsEveryExperimentAndLinksEachReport() throws IOException {
        Path dir = tmp.resolve("all");
        assertThat(cli.run("lab", "all", "--output-dir", dir.toString())).isZero();
        String index = Files.readString(dir.resolve("index.html"));
        for (io.tailguard.lab.Experiment e : io.tailguard.lab.Experiments.all()) {
            assertThat(index).contains("href=\"" + e.name() + "/report.html\"");
            assertThat(dir.resolve(e.name()).resolve("report.html")).exists();
        }
        for (io.tailguard.lab.Experiment e : io.tailguard.lab.live.LiveExperiments.forIndex()) {
            assertThat(index).contains("<code>./tailguard " + e.examples().get(0) + "</code>");
        }
        assertThat(Files.readString(dir.resolve("manifest.json"))).contains("\"file\": \"index.html\"")
                .contains("\"file\": \"backpressure/backpressure-summary.csv\"");
    }

    private Stream<String> listingStream() throws IOException {
        return Files.list(tmp).map(p -> p.getFileName().toString()).sorted();
    }

    private java.util.List<String> listing() throws IOException {
        try (Stream<String> s = listingStream()) {
            return s.collect(java.util.stream.Collectors.toList());
        }
    }
}
