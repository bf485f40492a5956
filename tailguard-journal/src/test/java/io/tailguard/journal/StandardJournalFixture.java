package io.tailguard.journal;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * Not thread-safe: the base of the tests that damage {@link DamagedJournal}'s standard journal,
 * written once per test class into {@link #original}; each test damages copies of it in its own
 * {@link #tmp}, so the original stays intact for the next.
 */
abstract class StandardJournalFixture {

    static final int RECORDS = DamagedJournal.RECORDS;
    static final int SEGMENT = DamagedJournal.SEGMENT;

    @TempDir
    static Path shared;

    static Path original;

    @TempDir
    Path tmp;

    @BeforeAll
    static void writeStandardJournal() {
        original = DamagedJournal.writeStandard(shared.resolve("original"));
    }
}
