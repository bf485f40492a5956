package io.tailguard.lab;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.CsvRow;
import io.tailguard.artifacts.CsvTable;
import java.util.List;

/** A test row: one policy's value; with the two conclusions and the run the conclusion tests judge. */
record ScoreRow(String policy, double value) implements CsvRow {

    static final List<String> HEADER = List.of("policy", "value");

    /** "a beats b" over the run's two score rows. */
    static final Conclusion<ScoreRow> A_BEATS_B = Conclusion.of("a beats b", ScoreRow.class, r -> {
        double a = policy(r, "a");
        double b = policy(r, "b");
        return Conclusion.verdict(a > b, "a %.1f vs b %.1f", a, b);
    });

    /** Needs a row no run here has. */
    static final Conclusion<ScoreRow> NEEDS_C = Conclusion.of("c exists", ScoreRow.class,
            r -> Conclusion.verdict(true, "c %.1f", policy(r, "c")));

    @Override
    public List<String> cells() {
        return Cells.row("%s,%.1f", policy, value);
    }

    /** A run whose rows score policy a at {@code a} and b at {@code b}. */
    static LabResult run(double a, double b) {
        List<ScoreRow> rows = List.of(new ScoreRow("a", a), new ScoreRow("b", b));
        return LabResult.builder("x").table(CsvTable.of("Scores", "x-scores.csv", HEADER, rows)).records(rows)
                .build();
    }

    /** The value of {@code policy}'s row. */
    static double policy(Rows<ScoreRow> rows, String policy) {
        return rows.first(s -> s.policy().equals(policy), "policy " + policy).value();
    }
}
