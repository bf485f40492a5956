package io.tailguard.journal.load;

import static org.assertj.core.api.Assertions.assertThat;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** A row's percentiles, CSV line and table line. */
class BenchRowTest {

    @Test
    void aRowGivesItsHistogramsPercentilesInMicrosecondsUnderTheCsvHeader() {
        // below 2048 ns a 3-digit histogram keeps every nanosecond, so each percentile is exact
        Histogram h = new Histogram(3);
        h.recordValueWithCount(100, 500);
        h.recordValueWithCount(200, 400);
        h.recordValueWithCount(400, 90);
        h.recordValueWithCount(800, 9);
        h.recordValue(1600);
        BenchRow row = BenchRow.of("sync", "ack", 2000, 256, h);

        assertThat(row.messages()).isEqualTo(1000);
        assertThat(row.csv()).isEqualTo("sync,ack,2000,256,1000,0.1,0.2,0.4,0.8,1.6,1.6");
        assertThat(row.csv().split(",")).hasSameSizeAs(BenchRow.CSV_HEADER.split(","));
        assertThat(row.tableLine()).startsWith("sync             ack               2000    256      1000");
        assertThat(BenchRow.tableHeader()).startsWith("durability       replication       rate   size  messages");
    }
}
