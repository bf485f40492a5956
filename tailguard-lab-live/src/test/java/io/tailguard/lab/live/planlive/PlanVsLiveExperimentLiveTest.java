package io.tailguard.lab.live.planlive;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.LabRunner;
import io.tailguard.lab.Progress;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lab plan-vs-live} on one scenario at two loads with tiny durations: the real proxy, two
 * live generators (half the clients send a deadline) and the plan, a few seconds of real time,
 * hence slow. It checks the CSV's shape and that both sides ran, not the gaps, which are measured.
 */
@Tag("slow")
class PlanVsLiveExperimentLiveTest {

    @TempDir
    Path tmp;

    @Test
    void writesLiveAndPlannedFiguresSideBySideForEachLoad() throws IOException {
        Path out = tmp.resolve("plan-vs-live");
        new LabRunner(new PrintWriter(new StringWriter(), true), Progress.silent()).run(new PlanVsLiveExperiment(),
                Map.of("--scenario", "codel-deadline", "--loads", "1,5", "--warmup", "200ms", "--duration", "500ms",
                        "--plan-duration", "2s"),
                out.toString(), List.of("lab", "plan-vs-live"));

        List<String> lines = Files.readAllLines(out.resolve("plan-vs-live.csv"));
        assertThat(lines.get(0)).isEqualTo(String.join(",", GapTables.HEADER));
        List<Map<String, String>> rows = rows(lines);
        assertThat(rows).extracting(r -> r.get("scenario")).containsExactly("codel-deadline", "codel-deadline");
        assertThat(rows).extracting(r -> r.get("load_x")).containsExactly("1", "5");
        long capacity = Math.round(Scenario.CODEL_DEADLINE.capacityRps());
        assertThat(Double.parseDouble(rows.get(1).get("offered_rps")))
                .isEqualTo((double) Math.round(5 * Scenario.CODEL_DEADLINE.capacityRps()));
        assertThat(capacity).isBetween(200L, 260L);
        for (Map<String, String> row : rows) {
            // both sides ran: each served some goodput, and the gap columns are filled from both
            assertThat(Double.parseDouble(row.get("live_goodput_rps"))).isPositive();
            assertThat(Double.parseDouble(row.get("plan_goodput_rps"))).isPositive();
            assertThat(row.get("goodput_gap_pct")).isNotEmpty();
            assertThat(row.get("p99_gap_ms")).isNotEmpty();
            assertThat(row.get("within_target")).isIn("yes", "no");
        }
        // at 5x both the plan and the live proxy refuse work instead of queueing it all
        assertThat(Double.parseDouble(rows.get(1).get("live_rejected_rps"))).isPositive();
        assertThat(Double.parseDouble(rows.get(1).get("plan_rejected_rps"))).isPositive();

        assertThat(Files.readString(out.resolve("plan-vs-live-codel-deadline.yaml"))).contains("discipline: codel");
        assertThat(out.resolve("plan-vs-live-goodput.png")).isNotEmptyFile();
        assertThat(out.resolve("plan-vs-live-p99.png")).isNotEmptyFile();
        assertThat(Files.readString(out.resolve("report.html"))).contains("codel-deadline (capacity");
    }

    private static List<Map<String, String>> rows(List<String> lines) {
        String[] header = lines.get(0).split(",");
        return lines.stream().skip(1).map(line -> {
            String[] cells = line.split(",", -1);
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.length; i++) {
                row.put(header[i], cells[i]);
            }
            return row;
        }).toList();
    }
}
