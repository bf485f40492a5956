package io.tailguard.journal;

import io.tailguard.journal.scan.IdFile;
import java.security.SecureRandom;
import java.util.Locale;

/**
 * Thread-safe (immutable): a journal's identity, 128 random bits created when the journal is first
 * opened and kept in its directory ({@link IdFile}). Replication uses it to tell whose history a
 * replica holds: a replica refuses records of a journal other than the one it already copies, and
 * a primary refuses a replica that holds another journal's records.
 *
 * @param high the first 64 bits
 * @param low the last 64 bits
 */
public record JournalId(long high, long low) {

    /** Validates: all-zero is reserved on the wire for "no identity". */
    public JournalId {
        if (high == 0 && low == 0) {
            throw new IllegalArgumentException("journal id must be non-zero but was 0");
        }
    }

    /** Returns a new random identity (from {@link SecureRandom}: identities must not collide across machines). */
    public static JournalId random() {
        SecureRandom random = new SecureRandom();
        long high;
        long low;
        do {
            high = random.nextLong();
            low = random.nextLong();
        } while (high == 0 && low == 0);
        return new JournalId(high, low);
    }

    /** Returns the identity carried on the wire, or null for the all-zero "none". */
    public static JournalId orNull(long high, long low) {
        return high == 0 && low == 0 ? null : new JournalId(high, low);
    }

    /** Returns 32 lowercase hex digits. */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%016x%016x", high, low);
    }
}
