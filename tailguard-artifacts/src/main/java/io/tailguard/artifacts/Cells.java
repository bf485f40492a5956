package io.tailguard.artifacts;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Thread-safe (stateless) formatting of CSV cells and prose figures, in {@code Locale.ROOT}. */
public final class Cells {

    private Cells() {
    }

    /**
     * Formats one row: {@code formats} is one conversion per cell, comma-separated (for example
     * {@code "%s,%d,%.1f"}), and each value is formatted with its own, so a cell that holds a comma
     * stays one cell.
     */
    public static List<String> row(String formats, Object... values) {
        String[] each = formats.split(",", -1);
        if (each.length != values.length) {
            throw new IllegalArgumentException("formats must have one conversion per value but was " + formats
                    + " for " + values.length + " values");
        }
        List<String> cells = new ArrayList<>(values.length);
        for (int i = 0; i < values.length; i++) {
            cells.add(String.format(Locale.ROOT, each[i], values[i]));
        }
        return cells;
    }

    /** A rate or count for prose: no decimals when whole, else one. */
    public static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : String.format(Locale.ROOT, "%.1f", value);
    }
}
