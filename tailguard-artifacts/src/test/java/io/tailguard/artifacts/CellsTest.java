package io.tailguard.artifacts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class CellsTest {

    record Point(String label, double x) implements CsvRow {
        @Override
        public List<String> cells() {
            return Cells.row("%s,%.1f", label, x);
        }
    }

    @Test
    void eachValueGetsItsOwnConversionSoACommaInTextStaysOneCell() {
        assertThat(Cells.row("%s,%d,%.2f", "a,b", 3, 0.125)).containsExactly("a,b", "3", "0.13");
        CsvTable table = CsvTable.of("Points", "points.csv", List.of("label", "x"),
                List.of(new Point("p, q", 1.25), new Point("r", 2)));
        assertThat(table.toCsv()).isEqualTo("label,x\n\"p, q\",1.3\nr,2.0\n");
    }

    @Test
    void refusesFormatsThatDoNotMatchTheValues() {
        assertThatThrownBy(() -> Cells.row("%s,%d", "a")).hasMessage(
                "formats must have one conversion per value but was %s,%d for 1 values");
    }

    @Test
    void proseNumbersDropAWholeValuesDecimals() {
        assertThat(Cells.number(100.0)).isEqualTo("100");
        assertThat(Cells.number(7.84)).isEqualTo("7.8");
    }
}
