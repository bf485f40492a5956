package io.tailguard.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The published backpressure and failure series, byte for byte: each experiment run with the
 * published golden arguments through the path the CLI takes writes every golden CSV of its id.
 */
class SeriesGoldenTest {

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "load-collapse, load-collapse-collapse-sweep.csv",
        "admission-control, admission-control-limit-sweep.csv admission-control-plateau.csv",
        "token-vs-leaky, token-vs-leaky-burst-sweep.csv token-vs-leaky-shaping.csv",
        "load-shedding, load-shedding-shed-sweep.csv load-shedding-hangover.csv",
        "slo-load-control, slo-load-control-protection.csv slo-load-control-slo-burst.csv",
        "cascading-failures, cascading-failures-cascade-sweep.csv cascading-failures-cascade-timeline.csv",
        "retry-storms, retry-storms-amplification-sweep.csv retry-storms-storm-timeline.csv",
        "circuit-breaker, circuit-breaker-breaker-sweep.csv circuit-breaker-blast-radius.csv",
        "timeout-budgets, timeout-budgets-deadline-sweep.csv timeout-budgets-policy-table.csv",
        "failure-isolation, failure-isolation-policy-table.csv failure-isolation-bulkhead-sizing.csv"})
    void goldenArgumentsReproduceEveryPublishedCsvByteForByte(String name, String files) throws IOException {
        Experiment experiment = Experiments.all().stream().filter(e -> e.name().equals(name)).findFirst()
                .orElseThrow();
        Path out = tmp.resolve(name);
        new LabRunner(new PrintWriter(new StringWriter(), true), Progress.silent()).run(experiment,
                Map.of("--deterministic", "true", "--duration", "5s"), out.toString(), List.of("lab", name));
        String manifest = Files.readString(out.resolve("manifest.json"));
        for (String file : files.split(" ")) {
            assertThat(Files.readAllBytes(out.resolve(file))).as(file).isEqualTo(golden(name, file));
            assertThat(manifest).contains(file);
        }
        assertThat(Files.size(out.resolve("report.html"))).isLessThan(250 * 1024);
    }

    private static byte[] golden(String name, String file) throws IOException {
        try (InputStream in = SeriesGoldenTest.class.getResourceAsStream("/golden/" + name + "/" + file)) {
            assertThat(in).as("golden copy " + name + "/" + file).isNotNull();
            return in.readAllBytes();
        }
    }
}
