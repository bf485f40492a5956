package io.tailguard.cli.redis;

import io.tailguard.cli.UsageException;
import java.time.Duration;

/** Thread-safe (stateless): reads a rate written {@code N/s}, {@code N/m}, {@code N/h} or {@code N/d}. */
final class RateText {

    private RateText() {
    }

    /** The N of {@code N/UNIT}. */
    static long tokens(String rate) {
        int slash = rate.indexOf('/');
        try {
            long tokens = Long.parseLong(rate.substring(0, Math.max(0, slash)));
            if (tokens >= 1) {
                period(rate);
                return tokens;
            }
        } catch (NumberFormatException e) {
            // reported below with what is allowed
        }
        throw invalid(rate);
    }

    /** The UNIT of {@code N/UNIT} as a period. */
    static Duration period(String rate) {
        String unit = rate.substring(rate.indexOf('/') + 1);
        switch (unit) {
            case "s":
                return Duration.ofSeconds(1);
            case "m":
                return Duration.ofMinutes(1);
            case "h":
                return Duration.ofHours(1);
            case "d":
                return Duration.ofDays(1);
            default:
                throw invalid(rate);
        }
    }

    private static UsageException invalid(String rate) {
        return new UsageException("--rate must be N/s, N/m, N/h or N/d with N >= 1 (e.g. 100/s) but was " + rate);
    }
}
