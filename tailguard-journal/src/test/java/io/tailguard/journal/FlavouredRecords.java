package io.tailguard.journal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.LongUnaryOperator;
import java.util.stream.Stream;

/**
 * Not thread-safe test helper: records whose bytes depend on a flavour, so that two journals (a
 * primary and a copy restored from an older backup, say) write different records at the same
 * sequences, with the check of what a directory then holds and the copy a backup makes.
 */
final class FlavouredRecords {

    private FlavouredRecords() {
    }

    /** Returns record {@code seq} of {@code flavour}: 40 to 129 bytes. */
    static byte[] record(long seq, int flavour) {
        byte[] b = new byte[40 + (int) (seq % 90)];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (seq * 7 + i + flavour);
        }
        return b;
    }

    /** Appends records {@code from..to} of {@code flavour} without waiting for their commit. */
    static void appendAll(Journal j, long from, long to, int flavour) {
        for (long i = from; i <= to; i++) {
            byte[] r = record(i, flavour);
            j.appendNoWait(r, 0, r.length);
        }
    }

    /** Asserts that the journal in {@code dir} holds exactly records {@code 1..count} of {@code flavour}. */
    static void assertHolds(Path dir, long count, int flavour) {
        assertHolds(dir, count, seq -> flavour);
    }

    /** Asserts that the journal in {@code dir} holds exactly records {@code 1..count}, each of {@code flavourOf(seq)}. */
    static void assertHolds(Path dir, long count, LongUnaryOperator flavourOf) {
        List<byte[]> copy = Payloads.read(dir);
        assertThat(copy).hasSize((int) count);
        for (int i = 0; i < copy.size(); i++) {
            assertThat(copy.get(i)).as("record %d", i + 1).isEqualTo(record(i + 1, (int) flavourOf.applyAsLong(i + 1)));
        }
    }

    /** Copies a closed journal's files (segments and identity) as a backup would. */
    static void copyJournal(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
    }
}
