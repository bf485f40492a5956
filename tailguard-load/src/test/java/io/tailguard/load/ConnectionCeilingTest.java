package io.tailguard.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.time.NanoClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A newcomer's first run, in real time (about 3 s per run, two runs): 80/s against a 200 ms
 * service needs 16 connections, beyond the 10 a fixed pool used to hold (a ceiling of 50/s). The
 * generator opens what it needs by default; when its maximum is set to the old 10, it says the
 * maximum is the bottleneck, names the ceiling and the flag. Bounds are relative or generous: on
 * a loaded machine the service's own time stretches, and with it the ceiling.
 */
@Tag("slow")
class ConnectionCeilingTest {

    private static StepResult run(SlowServer server, int maxConnections, List<String> progress) {
        LoadPlan plan = new LoadPlan(Target.parse("http://127.0.0.1:" + server.port() + "/"), LoadPlan.perSecond(List.of(80L)),
                Duration.ofSeconds(2), Duration.ZERO, Arrivals.CONSTANT, 1, Math.min(10, maxConnections),
                maxConnections, 2, "GET", List.of(), new byte[0], Duration.ofSeconds(2));
        try (LoadGenerator generator = LoadGenerator.open(plan, NanoClock.system())) {
            return generator.run(0, progress::add, null);
        }
    }

    @Test
    void opensTheConnectionsASlowServiceNeedsAndNamesTheCeilingWhenCapped() throws Exception {
        List<String> progress = new ArrayList<>();
        StepResult open;
        StepResult capped;
        try (SlowServer server = new SlowServer(200)) {
            open = run(server, LoadPlan.DEFAULT_MAX_CONNECTIONS, new ArrayList<>());
            capped = run(server, 10, progress);
        }

        assertThat(open.ok()).isEqualTo(160);
        assertThat(open.timeouts()).isZero();
        assertThat(open.hitMaxConnections()).isFalse();
        // 16 busy at once at 80/s; more only while a loaded machine answers late
        assertThat(open.opened()).isBetween(16L, 80L);
        assertThat(Spectrum.render(open)).contains("of 160 answered out of 160").doesNotContain("ceiling");

        assertThat(capped.opened()).isEqualTo(10);
        assertThat(capped.hitMaxConnections()).isTrue();
        // at most 10 connections / 200 ms; a loaded machine's own delays only lower it
        assertThat(capped.ceilingPerSecond()).isBetween(5.0, 50.5);
        // ten connections queue requests for over a second (a 30/s backlog for 2 s); growing ones do not
        assertThat(open.all().getValueAtPercentile(99)).isLessThan(capped.all().getValueAtPercentile(99) / 2);
        assertThat(Spectrum.render(capped)).contains("because all 10 were open and busy: ceiling")
                .contains("10 connections ÷").contains("raise --max-connections");
        assertThat(progress).anySatisfy(line -> assertThat(line).contains("at the maximum of 10 connections: ceiling")
                .contains("raise --max-connections"));
    }
}
