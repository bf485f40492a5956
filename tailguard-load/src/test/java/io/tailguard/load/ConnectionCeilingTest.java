package io.tailguard.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.time.NanoClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A newcomer's first run, in real time (about 3 s per test): 80/s against a 200 ms service needs
 * 16 connections, beyond the 10 a fixed pool used to hold (a ceiling of 50/s). The generator opens
 * what it needs by default, and when its maximum is set low it says the maximum is the bottleneck.
 */
@Tag("slow")
class ConnectionCeilingTest {

    private static StepResult run(SlowServer server, int maxConnections, List<String> progress) {
        LoadPlan plan = new LoadPlan(Target.parse("http://127.0.0.1:" + server.port() + "/"), List.of(80L),
                Duration.ofSeconds(2), Duration.ZERO, Arrivals.CONSTANT, 1, Math.min(10, maxConnections),
                maxConnections, 2, "GET", List.of(), new byte[0], Duration.ofSeconds(2));
        try (LoadGenerator generator = LoadGenerator.open(plan, NanoClock.system())) {
            return generator.run(0, progress::add, null);
        }
    }

    @Test
    void opensTheConnectionsASlowServiceNeedsByDefault() throws Exception {
        StepResult step;
        try (SlowServer server = new SlowServer(200)) {
            step = run(server, LoadPlan.DEFAULT_MAX_CONNECTIONS, new ArrayList<>());
        }

        assertThat(step.ok()).isEqualTo(160);
        assertThat(step.timeouts()).isZero();
        assertThat(step.hitMaxConnections()).isFalse();
        // 16 busy at once at 80/s; more only while a slow machine answers late
        assertThat(step.opened()).isBetween(16L, 60L);
        // ten connections would have queued requests for up to 1.2 s (a 30/s backlog for 2 s)
        assertThat(step.latency().getValueAtPercentile(99)).isLessThan(700_000_000L);
        assertThat(Spectrum.render(step)).contains("of 160 answered out of 160").doesNotContain("ceiling");
    }

    @Test
    void namesTheCeilingAndTheFlagWhenTheMaximumIsTheBottleneck() throws Exception {
        List<String> progress = new ArrayList<>();
        StepResult step;
        try (SlowServer server = new SlowServer(200)) {
            step = run(server, 10, progress);
        }

        assertThat(step.opened()).isEqualTo(10);
        assertThat(step.hitMaxConnections()).isTrue();
        // 10 connections / 200 ms; a loaded machine's own delays only lower it
        assertThat(step.ceilingPerSecond()).isBetween(30.0, 50.5);
        assertThat(Spectrum.render(step)).contains("because all 10 were open and busy: ceiling")
                .contains("10 connections ÷").contains("raise --max-connections");
        assertThat(progress).anySatisfy(line -> assertThat(line).contains("at the maximum of 10 connections: ceiling")
                .contains("raise --max-connections"));
    }
}
