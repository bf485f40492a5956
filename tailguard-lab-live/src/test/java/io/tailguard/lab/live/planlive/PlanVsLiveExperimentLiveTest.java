package io.tailguard.lab.live.planlive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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
        LiveRuns.run(new PlanVsLiveExperiment(), Map.of("--scenario", "codel-deadline", "--loads", "1,5",
                "--warmup", "200ms", "--duration", "500ms", "--plan-seeds", "2"), out, "lab", "plan-vs-live");

        List<String> lines = Files.readAllLines(out.resolve("plan-vs-live.csv"));
        assertThat(lines.get(0)).isEqualTo(String.join(",", GapTables.HEADER));
        List<Map<String, String>> rows = LiveRuns.rows(lines);
        assertThat(rows).extracting(r -> r.get("scenario")).containsExactly("codel-deadline", "codel-deadline");
        assertThat(rows).extracting(r -> r.get("load_x")).containsExactly("1", "5");
        assertThat(number(rows.get(1), "offered_rps"))
                .isEqualTo((double) Math.round(5 * Scenario.CODEL_DEADLINE.capacityRps()));
        for (Map<String, String> row : rows) {
            // the live side ran: its generators scheduled requests and every one ended one way (how
            // many ended well depends on this machine's load, so it is not asserted)
            double liveOffered = number(row, "live_offered_rps");
            assertThat(liveOffered).as(lines.toString()).isPositive();
            assertThat(number(row, "live_goodput_rps") + number(row, "live_rejected_rps")
                    + number(row, "live_gone_rps") + number(row, "live_error_rps"))
                    .as(lines.toString()).isCloseTo(liveOffered, within(0.01));
            // the backends' counters were read at both ends of the measured span
            assertThat(number(row, "backend_service_ms")).as(lines.toString()).isPositive();
            assertThat(number(row, "backend_idle_ms")).as(lines.toString()).isNotNegative();
            // the plan ran: it is deterministic and serves below capacity and beyond it
            assertThat(number(row, "plan_goodput_rps")).as(lines.toString()).isPositive();
            assertThat(row.get("within_target")).isIn("yes", "no");
        }
        // at 5x the plan refuses work instead of queueing it all
        assertThat(number(rows.get(1), "plan_rejected_rps")).isGreaterThan(number(rows.get(1), "plan_goodput_rps"));

        assertThat(Files.readString(out.resolve("plan-vs-live-codel-deadline.yaml"))).contains("discipline: codel");
        assertThat(out.resolve("plan-vs-live-goodput.png")).isNotEmptyFile();
        assertThat(out.resolve("plan-vs-live-p99.png")).isNotEmptyFile();
        assertThat(Files.readString(out.resolve("report.html"))).contains("codel-deadline (capacity");
    }

    private static double number(Map<String, String> row, String column) {
        String cell = row.get(column);
        return cell.isEmpty() ? 0.0 : Double.parseDouble(cell);
    }
}
