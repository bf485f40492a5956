package io.tailguard.config;

import java.time.Duration;

/**
 * Argument checks for config records, with messages of the form
 * "`name` must be `constraint` but was `value`". Thread-safe (stateless).
 */
public final class Check {

    private Check() {
    }

    /** Requires {@code value >= 1}. */
    public static long positive(String name, long value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be >= 1 but was " + value);
        }
        return value;
    }

    /** Requires {@code value >= 1}. */
    public static int positive(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " must be >= 1 but was " + value);
        }
        return value;
    }

    /** Requires {@code value >= 0}. */
    public static long nonNegative(String name, long value) {
        if (value < 0) {
            throw new IllegalArgumentException(name + " must be >= 0 but was " + value);
        }
        return value;
    }

    /** Requires {@code min <= value <= max}. */
    public static long inRange(String name, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(
                    name + " must be between " + min + " and " + max + " but was " + value);
        }
        return value;
    }

    /** Requires {@code min <= value <= max} and not NaN. */
    public static double inRange(String name, double value, double min, double max) {
        if (!(value >= min && value <= max)) {
            throw new IllegalArgumentException(
                    name + " must be between " + min + " and " + max + " but was " + value);
        }
        return value;
    }

    /** Requires a non-null duration greater than zero. */
    public static Duration positive(String name, Duration value) {
        notNull(name, value);
        if (value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be > 0 but was " + value);
        }
        return value;
    }

    /** Requires a non-null duration of zero or more. */
    public static Duration nonNegative(String name, Duration value) {
        notNull(name, value);
        if (value.isNegative()) {
            throw new IllegalArgumentException(name + " must be >= 0 but was " + value);
        }
        return value;
    }

    /** Requires a non-null duration from zero to {@code max}. */
    public static Duration nonNegative(String name, Duration value, Duration max) {
        nonNegative(name, value);
        if (value.compareTo(max) > 0) {
            throw new IllegalArgumentException(name + " must be <= " + max + " but was " + value);
        }
        return value;
    }

    /** Requires a non-null value. */
    public static <T> T notNull(String name, T value) {
        if (value == null) {
            throw new IllegalArgumentException(name + " must be non-null but was null");
        }
        return value;
    }
}
