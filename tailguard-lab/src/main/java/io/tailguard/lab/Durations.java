package io.tailguard.lab;

import io.tailguard.config.DurationText;
import java.time.Duration;

/**
 * Thread-safe (stateless) parser for the lab's duration flags: the core {@link DurationText}
 * syntax, as every other command reads it ({@code 5s}, {@code 500ms}, {@code 0.5s},
 * {@code 1m30s}); a bare number is refused with the units. Only positive durations are accepted.
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
            throw LabUsageException.of(flag, "a positive duration like 5s or 500ms" + DurationText.unitHint(value),
                    value);
        }
        return d;
    }

    /** Returns the duration written in {@code value}, or {@code null} if it is malformed. */
    static Duration parseOrNull(String value) {
        return DurationText.parseOrNull(value);
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
