package io.tailguard.sim.windowed;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Thread-safe (stateless) CSV cell formatting as the published writers do it, in {@code Locale.ROOT}. */
public final class Rows {

    private Rows() {
    }

    /** Formats one row with {@code format} (comma-separated conversions) and splits it into cells. */
    public static List<String> row(String format, Object... values) {
        return new ArrayList<>(List.of(String.format(Locale.ROOT, format, values).split(",", -1)));
    }

    /** A rate or count for prose: no decimals when whole, else one. */
    public static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : String.format(Locale.ROOT, "%.1f", value);
    }

    /** {@code 100 × part / whole}, or {@code empty} when {@code whole} is 0. */
    public static double pct(long part, long whole, double empty) {
        return whole == 0 ? empty : 100.0 * part / whole;
    }
}
