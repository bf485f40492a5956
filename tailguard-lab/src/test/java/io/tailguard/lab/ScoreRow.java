package io.tailguard.lab;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.CsvRow;
import java.util.List;

/** A test row: one policy's value. */
record ScoreRow(String policy, double value) implements CsvRow {

    static final List<String> HEADER = List.of("policy", "value");

    @Override
    public List<String> cells() {
        return Cells.row("%s,%.1f", policy, value);
    }
}
