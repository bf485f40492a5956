package io.tailguard.lab.live.edge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.tailguard.lab.live.LiveRuns;
import io.tailguard.lab.live.process.Executables;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lab edge --scale 0.1} against the real nginx, Puma and HAProxy (which {@code .ci/run}
 * installs) and the tailguard proxy: about 30 s of real time, hence slow.
 *
 * <p>At this scale the article's 100 ms between clients would leave nginx's sixth answer 50 ms
 * before its read timeout (six services of 0.5 s against 3 s less five gaps), which a busy machine
 * eats. The test starts the clients 35 ms apart instead (an unscaled {@code --gap 350ms}), which
 * keeps the article's pattern and balances its margins: the sixth answer comes 175 ms before the
 * read timeout, the seventh would come 290 ms after it, and with {@code max_conns=3} the last
 * client arrives 185 ms before the first answer frees a connection; tailguard's queued request
 * answers 235 ms before its client would give up. In CI the test always runs (a busy or incomplete
 * machine is a failure to look at); elsewhere it is skipped, not passed, when the load average
 * exceeds 1.5 x the cores, unless {@code -Dtailguard.live.force=true}.
 */
@Tag("slow")
class EdgeExperimentLiveTest {

    /** Unscaled time between two clients' starts (see the class comment for the margins it gives). */
    private static final String GAP = "350ms";

    @TempDir
    Path tmp;

    @Test
    void reproducesTheArticleAndTailguardWastesNoBackendWork() throws IOException {
        assumeServersInstalled();
        Path out = run(Map.of("--scale", "0.1", "--gap", GAP));
        Map<String, List<Map<String, String>>> rows = readCsv(out.resolve("edge-requests.csv")).stream()
                .collect(Collectors.groupingBy(r -> r.get("setup"), LinkedHashMap::new, Collectors.toList()));
        assertThat(rows.keySet()).containsExactlyElementsOf(EdgeSetup.names());

        // the article's first run: six 200s, four 504s when nginx's read timeout ends their wait
        // (counted, not ordered: on a loaded machine a client 10 ms behind another may overtake it)
        assertThat(statusCounts(rows.get("nginx"))).isEqualTo(Map.of("200", 6L, "504", 4L));
        assertThat(rows.get("nginx")).filteredOn(r -> r.get("status").equals("504"))
                .allSatisfy(r -> assertThat(seconds(r)).isBetween(2.9, 3.5));
        // max_conns=3: three 200s, seven immediate 502s, and the backend saw only three requests
        assertThat(statusCounts(rows.get("nginx-max-conns"))).isEqualTo(Map.of("200", 3L, "502", 7L));
        assertThat(rows.get("nginx-max-conns")).filteredOn(r -> r.get("status").equals("502"))
                .allSatisfy(r -> assertThat(seconds(r)).isLessThan(0.1));
        assertThat(rows.get("nginx-max-conns")).filteredOn(r -> r.get("backend_served").equals("true")).hasSize(3);

        Map<String, Map<String, String>> summary = readCsv(out.resolve("edge-summary.csv")).stream()
                .collect(Collectors.toMap(r -> r.get("setup"), r -> r));
        for (String setup : List.of("tailguard", "tailguard-client-timeout")) {
            assertThat(summary.get(setup).get("backend_wasted_s")).as(setup).isEqualTo("0.000");
            assertThat(rows.get(setup)).as(setup)
                    .noneMatch(r -> r.get("client_gone_before_backend_done").equals("true"));
            assertThat(rows.get(setup)).as(setup).filteredOn(r -> !r.get("status").equals("200"))
                    .isNotEmpty()
                    .allSatisfy(r -> assertThat(r.get("status")).matches("5\\d\\d"))
                    .allSatisfy(r -> assertThat(seconds(r)).isLessThan(0.1));
        }
    }

    @Test
    void theArticlesPumaServesEveryRequestNginxGaveUpOn() throws IOException {
        assumeServersInstalled();
        Path out = run(Map.of("--scale", "0.1", "--gap", GAP, "--setup", "nginx", "--puma", "article"));
        List<Map<String, String>> rows = readCsv(out.resolve("edge-requests.csv"));
        assertThat(rows).allMatch(r -> r.get("backend_served").equals("true"));
        assertThat(rows).filteredOn(r -> r.get("client_gone_before_backend_done").equals("true")).hasSize(4)
                .allMatch(r -> r.get("status").equals("504"));
    }

    private Path run(Map<String, String> given) {
        Path out = tmp.resolve("edge");
        LiveRuns.run(new EdgeExperiment(), given, out, "lab", "edge");
        return out;
    }

    private static void assumeServersInstalled() {
        // In CI (.ci/run installs the servers and runs alone) a missing server or a busy machine is
        // a failure to look at, never a silent skip.
        boolean ci = "true".equals(System.getenv("CI"));
        for (String program : List.of("nginx", "puma", "haproxy")) {
            if (ci) {
                assertThat(Executables.find(program)).as(program + " (installed by .ci/run)").isPresent();
            } else {
                assumeThat(Executables.find(program)).as(program + " (installed by .ci/run)").isPresent();
            }
        }
        // 50 ms margins do not survive a run queue several times the core count (seen at load 4-12
        // on 2 shared cores, where other builds ran beside it); such a machine cannot judge this
        // test either way. -Dtailguard.live.force=true runs it anyway.
        if (ci || Boolean.getBoolean("tailguard.live.force")) {
            return;
        }
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        assumeThat(os.getSystemLoadAverage()).as("load average at most 1.5 x %d cores", os.getAvailableProcessors())
                .isLessThanOrEqualTo(1.5 * os.getAvailableProcessors());
    }

    private static Map<String, Long> statusCounts(List<Map<String, String>> rows) {
        return rows.stream().collect(Collectors.groupingBy(r -> r.get("status"), Collectors.counting()));
    }

    private static double seconds(Map<String, String> row) {
        return Double.parseDouble(row.get("client_s"));
    }

    private static List<Map<String, String>> readCsv(Path file) throws IOException {
        return LiveRuns.rows(Files.readAllLines(file));
    }
}
