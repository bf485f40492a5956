package io.tailguard.artifacts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TablePrinterTest {

    @Test
    void padsEachColumnToItsWidestCell() {
        CsvTable t = CsvTable.builder("t", "t.csv", "strategy", "p99_ms")
                .row("token-bucket", "10.0").row("q", "500.0").build();
        assertThat(TablePrinter.render(t)).isEqualTo(
                "strategy      p99_ms\n"
                + "token-bucket  10.0\n"
                + "q             500.0\n");
    }

    @Test
    void csvQuotesOnlyCellsThatNeedIt() {
        CsvTable t = CsvTable.builder("t", "t.csv", "a", "b").row("x,y", "say \"hi\"").row("1", "2").build();
        assertThat(t.toCsv()).isEqualTo("a,b\n\"x,y\",\"say \"\"hi\"\"\"\n1,2\n");
    }
}
