package io.tailguard.lab.live.overload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tailguard.artifacts.CsvTable;
import io.tailguard.load.StepResult;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class OverloadRowTest {

    private static final long MS = 1_000_000L;

    private static StepResult step(long ok, long shed, long errors, long timeouts, Histogram success) {
        Histogram all = new Histogram(1_000L, 3_600_000_000_000L, 3);
        return new StepResult(2000, 5.0, 10_000, 10_000, ok, shed, errors, timeouts, Map.of(200, ok, 503, shed), all,
                all, 0, 0, 0, List.of(), success);
    }

    @Test
    void ratesArePerMeasuredSecondAndLatencyIsOfSuccessesOnly() {
        Histogram success = new Histogram(1_000L, 3_600_000_000_000L, 3);
        for (int i = 1; i <= 100; i++) {
            success.recordValue(i * MS);
        }
        OverloadRow row = OverloadRow.live("tailguard-fixed", 10, 200, step(950, 8900, 50, 100, success), 80.5);

        assertThat(row.source()).isEqualTo("live");
        assertThat(row.offeredRps()).isEqualTo(2000);
        assertThat(row.goodputRps()).isEqualTo(190.0);
        assertThat(row.goodputShare()).isEqualTo(0.95);
        assertThat(row.shedRps()).isEqualTo(1780.0);
        // other statuses, lost connections and client timeouts are all failures the user saw
        assertThat(row.errorRps()).isEqualTo(30.0);
        assertThat(row.p50Ms()).isCloseTo(50.0, within(0.1));
        assertThat(row.p99Ms()).isCloseTo(99.0, within(0.1));
        assertThat(row.rssMb()).isEqualTo(80.5);
    }

    @Test
    void noSuccessMeansNoLatencyAndEmptyCells() {
        Histogram none = new Histogram(1_000L, 3_600_000_000_000L, 3);
        OverloadRow row = OverloadRow.live("direct", 10, 200, step(0, 0, 0, 10_000, none), Double.NaN);
        assertThat(row.p50Ms()).isNaN();

        CsvTable table = OverloadTables.table(List.of(row));
        assertThat(table.file()).isEqualTo("live-overload.csv");
        assertThat(String.join(",", table.header()))
                .isEqualTo("source,setup,load_x,offered_rps,capacity_rps,goodput_rps,p50_ms,p99_ms,shed_rps,error_rps,"
                        + "rss_mb");
        assertThat(table.rows().get(0))
                .containsExactly("live", "direct", "10", "2000", "200.000", "0.000", "", "", "0.000", "2000.000", "");
    }

    @Test
    void loadsAreWrittenAsTyped() {
        assertThat(OverloadTables.loadX(0.5)).isEqualTo("0.5");
        assertThat(OverloadTables.loadX(1.0)).isEqualTo("1");
        assertThat(OverloadTables.loadX(10.0)).isEqualTo("10");
    }

    @Test
    void readsResidentMemoryFromTheStatusFile() {
        assertThat(Rss.parse(List.of("Name:\tjava", "VmPeak:\t 900 kB", "VmRSS:\t  102400 kB"))).isEqualTo(100.0);
        assertThat(Rss.parse(List.of("Name:\tjava"))).isNaN();
        assertThat(Rss.mebibytes(ProcessHandle.current().pid())).isGreaterThan(1.0);
    }
}
