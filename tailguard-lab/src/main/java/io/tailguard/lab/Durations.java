package io.tailguard.lab;

import java.time.Duration;

/**
 * Thread-safe (stateless) parser for the published lab's duration strings: a Java {@code long}
 * followed by {@code ms}, {@code s}, {@code m} or {@code h}; no suffix means seconds. Only positive
 * durations are accepted.
 */
public final class Durations {

    private Durations() {
    }

    /**
     * Parses {@code value} as a positive duration.
     *
     * @throws LabUsageException "{@code flag} must be a positive duration like 5s or 500ms but was '5x'"
     */
    public static Duration parsePositive(String flag, String value) {
        Duration d = parseOrNull(value);
        if (d == null || d.isNegative() || d.isZero()) {
            throw LabUsageException.of(flag, "a positive duration like 5s or 500ms", value);
        }
        return d;
    }

    /** Returns the duration written in {@code value}, or {@code null} if it is malformed. */
    static Duration parseOrNull(String value) {
        if (value == null) {
            return null;
        }
        String v = value.trim();
        try {
            if (v.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(v.substring(0, v.length() - 2)));
            } else if (v.endsWith("s")) {
                return Duration.ofSeconds(Long.parseLong(v.substring(0, v.length() - 1)));
            } else if (v.endsWith("m")) {
                return Duration.ofMinutes(Long.parseLong(v.substring(0, v.length() - 1)));
            } else if (v.endsWith("h")) {
                return Duration.ofHours(Long.parseLong(v.substring(0, v.length() - 1)));
            }
            return Duration.ofSeconds(Long.parseLong(v));
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }

    /** Formats {@code d} in the same syntax, using the largest unit that divides it exactly. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms % 3_600_000 == 0) {
            return ms / 3_600_000 + "h";
        } else if (ms % 60_000 == 0) {
            return ms / 60_000 + "m";
        } else if (ms % 1000 == 0) {
            return ms / 1000 + "s";
        }
        return ms + "ms";
    }
}
