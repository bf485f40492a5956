package io.tailguard.journal.load;

import io.tailguard.config.Check;
import io.tailguard.journal.durability.Durability;
import java.time.Duration;

/**
 * Thread-safe (immutable): one durability column of a journal benchmark, the policy and how many
 * large (force-triggering) messages per second the sender mixes in.
 *
 * @param label the column's name in the table and CSV, e.g. {@code selective:10/s}
 * @param durability the journal's durability policy
 * @param largePerSecond large messages per second, 0 for none
 */
public record BenchDurability(String label, Durability durability, double largePerSecond) {

    /** Longest time a selective run leaves appended data unforced (background, commits do not wait). */
    public static final Duration WRITE_BEHIND = Duration.ofMillis(100);

    /** Validates the column. */
    public BenchDurability {
        Check.notNull("label", label);
        Check.notNull("durability", durability);
        if (!(largePerSecond >= 0)) {
            throw new IllegalArgumentException("largePerSecond must be at least 0 but was " + largePerSecond);
        }
    }

    /** A column of {@code durability} with no large messages. */
    public static BenchDurability of(String label, Durability durability) {
        return new BenchDurability(label, durability, 0);
    }

    /**
     * A selective column: {@code largePerSecond} of the {@code rate} messages a second carry
     * {@link OpenLoop#LARGE_VALUE} and wait for a force.
     */
    public static BenchDurability selective(String label, long largePerSecond, long rate) {
        // a large message forces at once and waits for it; small ones (value 1) also force once
        // `rate` of them accumulated. Unforced data is written behind within WRITE_BEHIND by a force
        // that delays no commit: it keeps the dirty data a triggered force must write small
        Durability d = new Durability.Selective(Durability.Selective.longAt(0), OpenLoop.LARGE_VALUE,
                Math.max(1, rate), WRITE_BEHIND, label);
        return new BenchDurability(label, d, largePerSecond);
    }
}
