package io.tailguard.lab;

import io.tailguard.config.DurationText;
import java.time.Duration;

/**
 * Thread-safe (stateless) parser for the lab's duration flags: the core
 * {@link DurationText} syntax, and, as in the published lab, no suffix means seconds. Only positive
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

    /**
     * Returns the duration written in {@code value}, or {@code null} if it is malformed: the core
     * {@link DurationText} syntax, plus the published lab's rule that a bare number means seconds.
     */
    static Duration parseOrNull(String value) {
        if (value == null) {
            return null;
        }
        try {
            return Duration.ofSeconds(Long.parseLong(value.trim()));
        } catch (NumberFormatException e) {
            return DurationText.parseOrNull(value);
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
