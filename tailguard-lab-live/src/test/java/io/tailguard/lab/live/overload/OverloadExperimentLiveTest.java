package io.tailguard.lab.live.overload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.tailguard.lab.live.LiveRuns;
import io.tailguard.lab.live.process.Executables;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lab live-overload --scale 0.1} against the real nginx and HAProxy (which {@code .ci/run}
 * installs), our backend and the tailguard proxy in its own JVM: about a minute of real time, hence
 * slow. It checks the shape of the evidence and what holds on any machine (the simulated twin is
 * deterministic; the live tailguard sheds at 10x instead of timing out), not the live figures,
 * which vary from run to run.
 */
@Tag("slow")
class OverloadExperimentLiveTest {

    @TempDir
    Path tmp;

    @Test
    void writesLiveAndSimulatedCurvesAndTailguardShedsUnderOverload() throws IOException {
        for (String program : List.of("nginx", "haproxy")) {
            assumeThat(Executables.find(program)).as(program + " (installed by .ci/run)").isPresent();
        }
        Path out = tmp.resolve("overload");
        LiveRuns.run(new OverloadExperiment(), Map.of("--scale", "0.1"), out, "lab", "live-overload");

        List<String> lines = Files.readAllLines(out.resolve("live-overload.csv"));
        assertThat(lines.get(0)).isEqualTo(
                "source,setup,load_x,offered_rps,capacity_rps,goodput_rps,p50_ms,p99_ms,shed_rps,error_rps,rss_mb");
        List<Map<String, String>> rows = LiveRuns.rows(lines);
        assertThat(rows).hasSize(5 * 5 + 5);
        assertThat(rows.stream().filter(r -> r.get("source").equals("live")).map(r -> r.get("setup")).distinct())
                .containsExactly("direct", "nginx", "haproxy", "tailguard-fixed", "tailguard-adaptive");
        // the proxies' resident memory was read from /proc; the direct setup has no proxy
        assertThat(rows).filteredOn(r -> r.get("source").equals("live") && !r.get("setup").equals("direct"))
                .allSatisfy(r -> assertThat(Double.parseDouble(r.get("rss_mb"))).isGreaterThan(1.0));
        assertThat(rows).filteredOn(r -> r.get("setup").equals("direct")).allMatch(r -> r.get("rss_mb").isEmpty());

        Map<String, String> live = row(rows, "live", "tailguard-fixed", "10");
        assertThat(live.get("offered_rps")).isEqualTo("2000");
        // at 10x the proxy answers most requests with 503 at once instead of letting them time out
        assertThat(Double.parseDouble(live.get("shed_rps"))).isGreaterThan(1000.0);
        assertThat(Double.parseDouble(live.get("goodput_rps"))).isGreaterThan(0.0);
        assertThat(Double.parseDouble(live.get("p99_ms"))).isLessThan(1000.0);
        Map<String, String> sim = row(rows, "sim", "tailguard-fixed", "10");
        // the twin's 4 permits are each held 20 ms and the plan's hop: 4 / 20.85 ms = 191.8/s, and a few
        // requests of the 0.6 s measured that finish after it
        assertThat(Double.parseDouble(sim.get("goodput_rps"))).isBetween(185.0, 205.0);

        assertThat(out.resolve("live-overload-goodput.png")).isNotEmptyFile();
        assertThat(out.resolve("live-overload-p99.png")).isNotEmptyFile();
        assertThat(Files.readString(out.resolve("report.html"))).contains("Simulator vs live, tailguard-fixed at 10x");
    }

    private static Map<String, String> row(List<Map<String, String>> rows, String source, String setup, String x) {
        return rows.stream().filter(r -> r.get("source").equals(source) && r.get("setup").equals(setup)
                && r.get("load_x").equals(x)).findFirst().orElseThrow();
    }
}
