package io.tailguard.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** An experiment offers only the options that change its run; the published flags it ignores are refused. */
class OfferedOptionsTest {

    /** The experiments whose model has no use for {@code --concurrency} (the rates are the model's). */
    private static final Set<String> NO_CONCURRENCY = Set.of("load-collapse", "admission-control", "token-vs-leaky",
            "load-shedding", "slo-load-control", "cascading-failures", "retry-storms", "circuit-breaker",
            "timeout-budgets", "failure-isolation", "queue-saturation");

    /** The experiments whose windows are fixed, so {@code --snapshot-interval} would change nothing. */
    private static final Set<String> NO_SNAPSHOT_INTERVAL = Set.of("load-collapse", "admission-control",
            "token-vs-leaky", "load-shedding", "slo-load-control", "cascading-failures", "retry-storms",
            "circuit-breaker", "timeout-budgets", "failure-isolation", "slo-policy");

    private static Experiment named(String name) {
        return Experiments.all().stream().filter(e -> e.name().equals(name)).findFirst().orElseThrow();
    }

    private static void assertRefused(Set<String> names, String option, String value) {
        for (String name : names) {
            Experiment experiment = named(name);
            assertThatThrownBy(() -> LabArgs.parse(experiment, Map.of(option, value), List.of()))
                    .as(name).isInstanceOf(LabUsageException.class).hasMessageContaining(option);
        }
    }

    @Test
    void concurrencyIsRefusedWhereItWouldChangeNothing() {
        assertRefused(NO_CONCURRENCY, "--concurrency", "4");
    }

    @Test
    void snapshotIntervalIsRefusedWhereItWouldChangeNothing() {
        assertRefused(NO_SNAPSHOT_INTERVAL, "--snapshot-interval", "2s");
    }

    @Test
    void whereConcurrencyDrivesTheLoadItIsStillOffered() {
        for (String name : List.of("backpressure", "tail-latency", "hedged-requests", "coordinated-omission",
                "slo-policy")) {
            assertThat(LabArgs.parse(named(name), Map.of("--concurrency", "4"), List.of()).intValue("--concurrency"))
                    .as(name).isEqualTo(4);
        }
    }

    @Test
    void onlyDeterministicIsOfferedForTheSakeOfThePublishedCommandLines() {
        for (Experiment experiment : Experiments.all()) {
            for (LabOption option : experiment.spec().options()) {
                if (!option.name().equals("--deterministic")) {
                    assertThat(option.description()).as(experiment.name() + " " + option.name())
                            .doesNotContainIgnoringCase("changes nothing").doesNotContainIgnoringCase("unused")
                            .doesNotContainIgnoringCase("ignored");
                }
            }
        }
    }
}
