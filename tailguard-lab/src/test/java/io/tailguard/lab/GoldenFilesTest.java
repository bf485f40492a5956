package io.tailguard.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The published lab's golden CSVs, byte for byte: each experiment run with the published golden
 * command line through the path the CLI takes writes every golden CSV of its id, and a small report.
 */
class GoldenFilesTest {

    private static final String SERIES = "--deterministic true --duration 5s";

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "tail-latency, --deterministic true --duration 5s --concurrency 10 --snapshot-interval 1s,"
                + " tail-latency-baseline.csv tail-latency-tail-amplification.csv",
        // the published golden command line without --concurrency, which one worker does not use
        "queue-saturation, --deterministic true --duration 2s --snapshot-interval 1s, queue-saturation-saturation.csv",
        "hedged-requests, --deterministic true --duration 5s --concurrency 10 --snapshot-interval 1s"
                + " --hedge-threshold p95,"
                + " hedged-requests-baseline.csv hedged-requests-hedged-p95.csv hedged-requests-cost-table.csv",
        "coordinated-omission, --deterministic true --duration 5s --concurrency 10 --snapshot-interval 1s"
                + " --measurement-mode both, coordinated-omission-closed-loop-raw.csv"
                + " coordinated-omission-closed-loop-corrected.csv coordinated-omission-open-loop.csv"
                + " coordinated-omission-summary.csv",
        "backpressure, --deterministic true --duration 5s --concurrency 10 --snapshot-interval 1s"
                + " --backpressure-strategy all, backpressure-summary.csv backpressure-snapshots.csv",
        // the published golden command line without --snapshot-interval, which whole-second scoring does not use
        "slo-policy, --deterministic true --duration 5s --concurrency 10 --slo-target p99<200ms,"
                + " slo-policy-slo-summary.csv slo-policy-slo-windows.csv",
        "load-collapse, " + SERIES + ", load-collapse-collapse-sweep.csv",
        "admission-control, " + SERIES + ", admission-control-limit-sweep.csv admission-control-plateau.csv",
        "token-vs-leaky, " + SERIES + ", token-vs-leaky-burst-sweep.csv token-vs-leaky-shaping.csv",
        "load-shedding, " + SERIES + ", load-shedding-shed-sweep.csv load-shedding-hangover.csv",
        "slo-load-control, " + SERIES + ", slo-load-control-protection.csv slo-load-control-slo-burst.csv",
        "cascading-failures, " + SERIES + ", cascading-failures-cascade-sweep.csv cascading-failures-cascade-timeline.csv",
        "retry-storms, " + SERIES + ", retry-storms-amplification-sweep.csv retry-storms-storm-timeline.csv",
        "circuit-breaker, " + SERIES + ", circuit-breaker-breaker-sweep.csv circuit-breaker-blast-radius.csv",
        "timeout-budgets, " + SERIES + ", timeout-budgets-deadline-sweep.csv timeout-budgets-policy-table.csv",
        "failure-isolation, " + SERIES + ", failure-isolation-policy-table.csv failure-isolation-bulkhead-sizing.csv"})
    void goldenArgumentsReproduceEveryGoldenCsvByteForByte(String name, String flags, String files) throws IOException {
        Experiment experiment = Experiments.all().stream().filter(e -> e.name().equals(name)).findFirst()
                .orElseThrow();
        Path out = tmp.resolve(name);
        GoldenRuns.run(experiment, out, flags.split(" "));
        GoldenRuns.assertGolden(name, out, files.split(" "));
        assertThat(Files.size(out.resolve("report.html"))).isLessThan(250 * 1024);
    }
}
