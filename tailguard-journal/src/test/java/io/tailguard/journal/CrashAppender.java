package io.tailguard.journal;

import io.tailguard.journal.durability.Durability;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * Child process of {@link CrashSafetyTest}: appends deterministic records with durability
 * {@code sync} (or {@code none}, whose blanks are touched instead of written and forced) forever
 * and prints {@code committed <seq>} after each commit, until killed.
 */
public final class CrashAppender {

    private CrashAppender() {
    }

    /** Returns the payload of record {@code seq}: its size and bytes depend only on {@code seq}. */
    static byte[] payload(long seq) {
        int size = 1 + (int) ((seq * 7919) % 1500);
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) (seq * 131 + i * 7);
        }
        return b;
    }

    /** Args: directory, segment size in bytes, optionally {@code none} (the default is {@code sync}). */
    public static void main(String[] args) {
        Path dir = Path.of(args[0]);
        int segment = Integer.parseInt(args[1]);
        Durability durability = args.length > 2 && args[2].equals("none") ? Durability.none() : Durability.sync();
        PrintStream out = System.out;
        try (Journal j = Journal.open(JournalConfig.builder(dir).segmentSizeBytes(segment)
                .durability(durability).build())) {
            out.println("opened " + j.recovery().summary());
            out.flush();
            long seq = j.writtenSequence();
            while (true) {
                seq++;
                long got = j.appendBlocking(payload(seq));
                out.println("committed " + got);
                out.flush();
            }
        }
    }
}
