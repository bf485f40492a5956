package io.tailguard.config;

import java.math.BigDecimal;
import java.time.Duration;

/**
 * Thread-safe (stateless): the one duration syntax of tailguard's command line and config text, a
 * number followed by a unit, {@code ns}, {@code us}, {@code ms}, {@code s}, {@code m} or
 * {@code h}, or several such parts from the largest unit down ({@code 10s}, {@code 250ms},
 * {@code 0.5s}, {@code 1m30s}). A fraction is exact: it must come to a whole number of
 * nanoseconds. A bare number has no unit and is refused, with a message that lists the units. A
 * sign is allowed, so that {@code -1s} is read and then refused as not positive rather than as
 * malformed.
 */
public final class DurationText {

    /** What a positive duration looks like, as validation messages say it. */
    public static final String POSITIVE = "a positive duration like 10s, 250ms or 500us";

    private static final String[] UNITS = {"h", "m", "s", "ms", "us", "ns"};
    private static final long[] UNIT_NANOS = {3_600_000_000_000L, 60_000_000_000L, 1_000_000_000L, 1_000_000L,
        1_000L, 1L};

    private DurationText() {
    }

    /** Returns the duration written in {@code text}, or {@code null} if it is malformed or overflows. */
    public static Duration parseOrNull(String text) {
        if (text == null) {
            return null;
        }
        String t = text.trim();
        int i = 0;
        boolean negative = t.startsWith("-");
        if (negative || t.startsWith("+")) {
            i++;
        }
        BigDecimal nanos = BigDecimal.ZERO;
        int lastUnit = -1;
        while (i < t.length()) {
            int numberStart = i;
            while (i < t.length() && (Character.isDigit(t.charAt(i)) || t.charAt(i) == '.')) {
                i++;
            }
            int unitStart = i;
            while (i < t.length() && Character.isLetter(t.charAt(i))) {
                i++;
            }
            int unit = unit(t.substring(unitStart, i));
            if (unit <= lastUnit || unitStart == numberStart) {
                return null;
            }
            lastUnit = unit;
            try {
                nanos = nanos.add(new BigDecimal(t.substring(numberStart, unitStart))
                        .multiply(BigDecimal.valueOf(UNIT_NANOS[unit])));
            } catch (NumberFormatException e) {
                return null;
            }
        }
        if (lastUnit < 0) {
            return null;
        }
        try {
            long whole = nanos.longValueExact();
            return Duration.ofNanos(negative ? -whole : whole);
        } catch (ArithmeticException e) {
            return null;
        }
    }

    private static int unit(String text) {
        for (int u = 0; u < UNITS.length; u++) {
            if (UNITS[u].equals(text)) {
                return u;
            }
        }
        return -1;
    }

    /**
     * Returns " (a number needs a unit: ns, us, ms, s, m or h)" if {@code text} is a bare number,
     * else "": what a message adds so that a bare number shows the units.
     */
    public static String unitHint(String text) {
        return text != null && text.trim().matches("[-+]?[0-9]+(\\.[0-9]*)?")
                ? " (a number needs a unit: ns, us, ms, s, m or h)" : "";
    }

    /**
     * Parses a duration greater than zero.
     *
     * @throws IllegalArgumentException "`name` must be a positive duration like 10s, 250ms or 500us
     *                                  but was `text`", with the units if {@code text} is a bare number
     */
    public static Duration parsePositive(String name, String text) {
        Duration d = parseOrNull(text);
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be " + POSITIVE + " but was " + text + unitHint(text));
        }
        return d;
    }

    /**
     * Parses a duration of zero or more, where zero means none; a bare {@code 0} needs no unit.
     *
     * @throws IllegalArgumentException "`name` must be 0 or a duration like 2ms, 500us or 10s but was `text`"
     */
    public static Duration parseNonNegative(String name, String text) {
        Duration d = text != null && text.trim().equals("0") ? Duration.ZERO : parseOrNull(text);
        if (d == null || d.isNegative()) {
            throw new IllegalArgumentException(name + " must be 0 or a duration like 2ms, 500us or 10s but was " + text
                    + unitHint(text));
        }
        return d;
    }
}
