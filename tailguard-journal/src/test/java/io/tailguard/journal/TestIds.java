package io.tailguard.journal;

/** Thread-safe (constants): identities for tests that make segments without a journal. */
public final class TestIds {

    /** An identity for segments made directly in a test. */
    public static final JournalId ID = new JournalId(0x1234_5678_9abc_def0L, 0x0fed_cba9_8765_4321L);

    private TestIds() {
    }
}
