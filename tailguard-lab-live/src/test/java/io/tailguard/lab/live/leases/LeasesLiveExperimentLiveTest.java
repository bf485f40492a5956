package io.tailguard.lab.live.leases;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.live.LiveRuns;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lab leases --live --scale 0.05}: three lease-granting backends, the proxy in its own JVM
 * and the load generator over loopback, one second per row (the unbounded row then drains its
 * requests of up to 5 s), hence slow. It checks what holds on a busy machine: the evidence's shape,
 * that the leases bound what the backends accept, and that the unbounded row rejects nothing;
 * latencies vary with the machine's load and are left to the measured table.
 */
@Tag("slow")
class LeasesLiveExperimentLiveTest {

    @TempDir
    Path tmp;

    @Test
    void measuresTheDemosRowsOverLoopbackBesideTheSimulatedOnes() throws IOException {
        Path out = tmp.resolve("leases-live");
        LiveRuns.run(new LeasesLiveExperiment(), Map.of("--scale", "0.05"), out, "lab", "leases", "--live");

        List<String> lines = Files.readAllLines(out.resolve("leases-live-summary.csv"));
        assertThat(lines.get(0))
                .isEqualTo("policy,balancer,leased_requests,offered_rps,accepted_rps,rejected_rps,p50_ms,p99_ms,p999_ms");
        List<Map<String, String>> rows = LiveRuns.rows(lines);
        assertThat(rows).extracting(r -> r.get("policy") + " " + r.get("leased_requests"))
                .containsExactly("static 9999", "static 100", "static 30", "adaptive ");
        // one second measured holds one or two grants of each backend's lease, never more
        assertThat(number(rows.get(2), "accepted_rps")).isBetween(60.0, 2 * 90.0 + 10.0);
        assertThat(number(rows.get(2), "rejected_rps")).isGreaterThan(700.0);
        assertThat(number(rows.get(1), "accepted_rps")).isBetween(200.0, 2 * 300.0 + 10.0);
        assertThat(number(rows.get(0), "rejected_rps")).isZero();
        assertThat(number(rows.get(0), "accepted_rps")).isGreaterThan(900.0);

        List<Map<String, String>> gaps = LiveRuns.rows(Files.readAllLines(out.resolve("leases-live-vs-sim.csv")));
        assertThat(gaps).hasSize(4).allSatisfy(r -> assertThat(r.get("accepted_rps_sim")).isNotEmpty());
        assertThat(out.resolve("leases-live-p99.png")).isNotEmptyFile();
        assertThat(Files.readString(out.resolve("report.html"))).contains("static 30: ");
    }

    private static double number(Map<String, String> row, String column) {
        return Double.parseDouble(row.get(column));
    }
}
