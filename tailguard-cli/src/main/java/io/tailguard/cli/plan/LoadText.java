package io.tailguard.cli.plan;

import io.tailguard.cli.UsageException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Thread-safe (immutable): one {@code --load} step, a multiple of the pool's capacity ({@code 2x})
 * or an absolute rate ({@code 300/s}).
 *
 * @param label    as written
 * @param multiple the multiple of capacity, or NaN for an absolute rate
 * @param rps      the absolute rate, or NaN for a multiple
 */
record LoadText(String label, double multiple, double rps) {

    static final String USAGE = "--load must be a comma-separated list of capacity multiples (0.5x, 2x) or rates "
            + "(300/s)";

    static List<LoadText> parseList(String text) {
        List<LoadText> loads = new ArrayList<>();
        for (String part : (text == null ? "" : text).split(",")) {
            loads.add(parse(part.trim()));
        }
        return loads;
    }

    static LoadText parse(String t) {
        try {
            if (t.endsWith("x")) {
                double x = Double.parseDouble(t.substring(0, t.length() - 1));
                if (x > 0 && x <= 1000) {
                    return new LoadText(t, x, Double.NaN);
                }
            } else if (t.endsWith("/s")) {
                double r = Double.parseDouble(t.substring(0, t.length() - 2));
                if (r > 0 && r <= 10_000_000) {
                    return new LoadText(t, Double.NaN, r);
                }
            }
        } catch (NumberFormatException notANumber) {
            // answered below
        }
        throw new UsageException(USAGE + " but had '" + t + "'");
    }

    /** Returns the arrival rate this load means for a pool of {@code capacityRps}. */
    double rate(double capacityRps) {
        return Double.isNaN(multiple) ? rps : multiple * capacityRps;
    }

    /** Returns true if this is the same load as {@code other} (by value, not spelling). */
    boolean sameAs(LoadText other) {
        return Double.compare(multiple, other.multiple) == 0 && Double.compare(rps, other.rps) == 0;
    }

    @Override
    public String toString() {
        return Double.isNaN(multiple) ? String.format(Locale.ROOT, "%s/s", trim(rps))
                : String.format(Locale.ROOT, "%sx", trim(multiple));
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
