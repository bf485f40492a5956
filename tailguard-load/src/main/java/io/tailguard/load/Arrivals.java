package io.tailguard.load;

import java.util.Locale;

/** Thread-safe (immutable): how due times are spaced within a step. */
public enum Arrivals {
    /** Evenly spaced: request {@code i} is due at {@code i / rate} seconds (wrk2's plan). */
    CONSTANT,
    /** A Poisson process: exponential gaps of mean {@code 1 / rate}, drawn from a seeded generator. */
    POISSON;

    /**
     * Parses {@code constant} or {@code poisson}, case-insensitively.
     *
     * @throws IllegalArgumentException "--arrivals must be constant or poisson but was 'x'"
     */
    public static Arrivals parse(String text) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        return switch (t) {
            case "constant" -> CONSTANT;
            case "poisson" -> POISSON;
            default -> throw new IllegalArgumentException("--arrivals must be constant or poisson but was '"
                    + text + "'");
        };
    }

    /** Returns the lower-case name used on the command line. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
