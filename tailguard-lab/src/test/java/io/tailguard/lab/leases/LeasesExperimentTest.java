package io.tailguard.lab.leases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.artifacts.CsvTable;
import io.tailguard.lab.GoldenRuns;
import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabResult;
import io.tailguard.lab.LabUsageException;
import io.tailguard.lab.Progress;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LeasesExperimentTest {

    private final LeasesExperiment experiment = new LeasesExperiment();

    private static CsvTable table(LabResult result, String file) {
        return result.tables().stream().filter(t -> t.file().equals(file)).findFirst().orElseThrow();
    }

    @Test
    void defaultRunMatchesTheGoldenCsvsByteForByte() throws IOException {
        LabResult result = experiment.run(LabArgs.defaults(experiment, List.of()), Progress.silent());
        assertThat(table(result, LeasesReport.SUMMARY_FILE).toCsv())
                .isEqualTo(GoldenRuns.goldenText("leases", "leases-summary.csv"));
        assertThat(table(result, LeasesReport.SERVERS_FILE).toCsv())
                .isEqualTo(GoldenRuns.goldenText("leases", "leases-servers.csv"));
        assertThat(table(result, LeasesReport.SNAPSHOTS_FILE).toCsv())
                .isEqualTo(GoldenRuns.goldenText("leases", "leases-snapshots.csv"));
    }

    @Test
    void summaryHasTheIssueHeader() {
        LabResult result = experiment.run(
                LabArgs.parse(experiment, Map.of("--duration", "3s"), List.of()), Progress.silent());
        CsvTable summary = table(result, LeasesReport.SUMMARY_FILE);
        assertThat(String.join(",", summary.header())).isEqualTo(
                "policy,balancer,leased_requests,offered_rps,accepted_rps,rejected_rps,p50_ms,p99_ms,p999_ms");
        assertThat(summary.rows()).extracting(row -> row.get(0) + " " + row.get(2))
                .containsExactly("static 9999", "static 100", "static 30", "adaptive ");
        assertThat(result.printedTables()).contains(summary);
        assertThat(result.charts()).hasSize(3);
    }

    @Test
    void heterogeneousRunComparesThreeBalancersWithStaticAndAdaptiveLeases() {
        LabResult result = experiment.run(LabArgs.parse(experiment,
                Map.of("--duration", "3s", "--heterogeneous", "true"), List.of()), Progress.silent());
        CsvTable summary = table(result, LeasesReport.SUMMARY_FILE);
        assertThat(summary.rows()).extracting(row -> row.get(0) + " " + row.get(1))
                .containsExactly("static least-loaded", "adaptive least-loaded", "static p2c", "adaptive p2c",
                        "static round-robin", "adaptive round-robin");
        assertThat(table(result, LeasesReport.SERVERS_FILE).rows()).hasSize(18);
    }

    @Test
    void rejectsARunTooShortForTheWarmUp() {
        assertThatThrownBy(() -> experiment.run(
                LabArgs.parse(experiment, Map.of("--duration", "1500ms"), List.of()), Progress.silent()))
                .isInstanceOf(LabUsageException.class)
                .hasMessageContaining("--duration")
                .hasMessageContaining("1500ms");
    }
}
