package io.tailguard.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A run's typed rows of one type, as a conclusion reads them. */
class RowsTest {

    record Other(int x) {
    }

    private final Rows<ScoreRow> rows = Rows.of(ScoreRow.class, List.of(new ScoreRow("a", 1.5), new Other(7),
            new ScoreRow("b", 4.0), new ScoreRow("a", 2.5)));

    @Test
    void keepsOnlyTheRowsOfItsTypeInRunOrder() {
        assertThat(rows.all()).containsExactly(new ScoreRow("a", 1.5), new ScoreRow("b", 4.0), new ScoreRow("a", 2.5));
        assertThat(rows.where(r -> r.policy().equals("a"))).extracting(ScoreRow::value).containsExactly(1.5, 2.5);
    }

    @Test
    void readsFiguresFromTheRecordsNotFromFormattedCells() {
        assertThat(rows.first(r -> r.policy().equals("a"), "policy a").value()).isEqualTo(1.5);
        assertThat(rows.max(ScoreRow::value)).isEqualTo(4.0);
        assertThat(rows.mean(ScoreRow::value)).isEqualTo(8.0 / 3);
    }

    @Test
    void aMissingRowSaysWhichOne() {
        assertThatThrownBy(() -> rows.first(r -> r.policy().equals("c"), "policy c"))
                .isInstanceOf(Rows.MissingRowException.class).hasMessage("no policy c row in this run");
        Rows<Other> none = Rows.of(Other.class, List.of(new ScoreRow("a", 1)));
        assertThatThrownBy(() -> none.max(Other::x)).isInstanceOf(Rows.MissingRowException.class)
                .hasMessage("no Other rows in this run");
    }
}
