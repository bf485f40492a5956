package io.tailguard.config;

import java.time.Duration;

/**
 * Thread-safe (stateless): the one duration syntax of tailguard's command line and config text, a
 * whole number followed by a unit, {@code ns}, {@code us}, {@code ms}, {@code s}, {@code m} or
 * {@code h} ({@code 10s}, {@code 250ms}, {@code 500us}). A sign is allowed, so that {@code -1s} is
 * read and then refused as not positive rather than as malformed.
 */
public final class DurationText {

    private DurationText() {
    }

    /** Returns the duration written in {@code text}, or {@code null} if it is malformed or overflows. */
    public static Duration parseOrNull(String text) {
        if (text == null) {
            return null;
        }
        String t = text.trim();
        int unitStart = t.length();
        while (unitStart > 0 && Character.isLetter(t.charAt(unitStart - 1))) {
            unitStart--;
        }
        try {
            long amount = Long.parseLong(t.substring(0, unitStart));
            return switch (t.substring(unitStart)) {
                case "ns" -> Duration.ofNanos(amount);
                case "us" -> Duration.ofNanos(Math.multiplyExact(amount, 1_000L));
                case "ms" -> Duration.ofMillis(amount);
                case "s" -> Duration.ofSeconds(amount);
                case "m" -> Duration.ofMinutes(amount);
                case "h" -> Duration.ofHours(amount);
                default -> null;
            };
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }

    /**
     * Parses a duration greater than zero.
     *
     * @throws IllegalArgumentException "`name` must be a positive duration like 10s, 250ms or 500us
     *                                  but was `text`"
     */
    public static Duration parsePositive(String name, String text) {
        Duration d = parseOrNull(text);
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(
                    name + " must be a positive duration like 10s, 250ms or 500us but was " + text);
        }
        return d;
    }

    /**
     * Parses a duration of zero or more; a bare {@code 0} needs no unit.
     *
     * @throws IllegalArgumentException "`name` must be 0 or a duration like 2ms, 500us or 10s but was `text`"
     */
    public static Duration parseNonNegative(String name, String text) {
        Duration d = text != null && text.trim().equals("0") ? Duration.ZERO : parseOrNull(text);
        if (d == null || d.isNegative()) {
            throw new IllegalArgumentException(name + " must be 0 or a duration like 2ms, 500us or 10s but was " + text);
        }
        return d;
    }
}
