package io.tailguard.journal.micrometer;

import io.micrometer.core.instrument.Tag;
import io.tailguard.journal.Journal;
import io.tailguard.micrometer.PolicyBinder;

/**
 * Thread-safe binder of a {@link Journal}: gauge {@code tailguard.journal.commit.lag}, the records
 * written and not yet committed (under the journal's commit mode: forced, acknowledged by the
 * replica, or both), and {@code tailguard.journal.sequence} tagged {@code stage} = {@code written},
 * {@code forced}, {@code acked}, {@code committed}. A lag that keeps growing means the disk or the
 * replica cannot keep up with the writers.
 */
public final class JournalMetrics extends PolicyBinder<Journal> {

    private static final String SEQUENCE = "tailguard.journal.sequence";
    private static final String SEQUENCE_DESCRIPTION = "the highest sequence at each stage";

    /** Binds {@code journal} with {@code tags} on every meter. */
    public JournalMetrics(Journal journal, Iterable<Tag> tags) {
        super("journal", journal, tags);
        gauge("tailguard.journal.commit.lag", "records", j -> Math.max(0L, j.writtenSequence() - j.committedSequence()),
                "records written and not yet committed");
        gauge(SEQUENCE, Tag.of("stage", "written"), Journal::writtenSequence, SEQUENCE_DESCRIPTION);
        gauge(SEQUENCE, Tag.of("stage", "forced"), Journal::forcedSequence, SEQUENCE_DESCRIPTION);
        gauge(SEQUENCE, Tag.of("stage", "acked"), Journal::ackedSequence, SEQUENCE_DESCRIPTION);
        gauge(SEQUENCE, Tag.of("stage", "committed"), Journal::committedSequence, SEQUENCE_DESCRIPTION);
    }
}
