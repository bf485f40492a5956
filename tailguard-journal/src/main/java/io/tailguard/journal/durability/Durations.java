package io.tailguard.journal.durability;

import java.time.Duration;

/** Thread-safe (stateless): parses short durations such as {@code 10s}, {@code 250ms}, {@code 500us}. */
public final class Durations {

    private Durations() {
    }

    /**
     * Parses {@code <number><unit>} with unit ns, us, ms, s, m or h into a positive duration.
     *
     * @throws IllegalArgumentException "`name` must be a duration like 10s, 250ms, 500us but was `text`"
     */
    public static Duration parse(String name, String text) {
        if (text != null) {
            int i = 0;
            while (i < text.length() && Character.isDigit(text.charAt(i))) {
                i++;
            }
            if (i > 0 && i < text.length() && i <= 12) {
                long n = Long.parseLong(text.substring(0, i));
                Duration d = switch (text.substring(i)) {
                    case "ns" -> Duration.ofNanos(n);
                    case "us" -> Duration.ofNanos(n * 1_000);
                    case "ms" -> Duration.ofMillis(n);
                    case "s" -> Duration.ofSeconds(n);
                    case "m" -> Duration.ofMinutes(n);
                    case "h" -> Duration.ofHours(n);
                    default -> null;
                };
                if (d != null && !d.isZero()) {
                    return d;
                }
            }
        }
        throw new IllegalArgumentException(name + " must be a positive duration like 10s, 250ms, 500us but was " + text);
    }
}
