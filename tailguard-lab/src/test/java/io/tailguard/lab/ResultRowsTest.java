package io.tailguard.lab;

import io.tailguard.artifacts.CsvTable;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading a run's rows the way a conclusion's test does. */
class ResultRowsTest {

    private final ResultRows rows = ResultRows.of(List.of(CsvTable.builder("Sweep", "x-sweep.csv", "mode", "level",
            "goodput").row("a", "1", "10.0").row("a", "2", "30.5").row("b", "1", "7.0").build()));

    @Test
    void findsCellsByTableEndingAndColumnConditions() {
        assertThat(rows.value("sweep", "goodput", "mode=a", "level=2")).isEqualTo(30.5);
        assertThat(rows.text("x-sweep.csv", "mode", "level=1")).isEqualTo("a");
        assertThat(rows.values("sweep", "goodput", "mode=a")).containsExactly(10.0, 30.5);
        assertThat(rows.max("sweep", "goodput")).isEqualTo(30.5);
        assertThat(rows.min("sweep", "goodput", "level=1")).isEqualTo(7.0);
        assertThat(rows.mean("sweep", "goodput", "mode=a")).isEqualTo(20.25);
        assertThat(rows.has("sweep")).isTrue();
        assertThat(rows.has("eep")).isFalse();
    }

    @Test
    void aMissingRowOrTableIsReportedAsMissingAndAWrongColumnAsAProgrammingError() {
        assertThatThrownBy(() -> rows.value("sweep", "goodput", "mode=c"))
                .isInstanceOf(ResultRows.MissingRowException.class).hasMessage("no row mode=c in sweep");
        assertThatThrownBy(() -> rows.max("sweep", "goodput", "mode=c"))
                .isInstanceOf(ResultRows.MissingRowException.class);
        assertThatThrownBy(() -> rows.value("table", "goodput"))
                .isInstanceOf(ResultRows.MissingRowException.class).hasMessage("no table table in this run");
        assertThatThrownBy(() -> rows.value("sweep", "p99"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("column must be one of [mode, level, goodput] but was p99");
    }
}
