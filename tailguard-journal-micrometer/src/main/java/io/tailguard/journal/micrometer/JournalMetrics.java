package io.tailguard.journal.micrometer;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.tailguard.config.Check;
import io.tailguard.journal.Journal;
import java.util.function.ToLongFunction;

/**
 * Thread-safe binder of a {@link Journal}: gauge {@code tailguard.journal.commit.lag}, the records
 * written and not yet committed (under the journal's commit mode: forced, acknowledged by the
 * replica, or both), and {@code tailguard.journal.sequence} tagged {@code stage} = {@code written},
 * {@code forced}, {@code acked}, {@code committed}. A lag that keeps growing means the disk or the
 * replica cannot keep up with the writers.
 */
public final class JournalMetrics implements MeterBinder {

    private final Journal journal;
    private final Tags tags;

    /** Binds {@code journal} with {@code tags} on every meter. */
    public JournalMetrics(Journal journal, Iterable<Tag> tags) {
        this.journal = Check.notNull("journal", journal);
        this.tags = Tags.of(Check.notNull("tags", tags));
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder("tailguard.journal.commit.lag", journal,
                        j -> Math.max(0L, j.writtenSequence() - j.committedSequence()))
                .tags(tags).strongReference(true).baseUnit("records")
                .description("records written and not yet committed").register(registry);
        sequence(registry, "written", Journal::writtenSequence);
        sequence(registry, "forced", Journal::forcedSequence);
        sequence(registry, "acked", Journal::ackedSequence);
        sequence(registry, "committed", Journal::committedSequence);
    }

    private void sequence(MeterRegistry registry, String stage, ToLongFunction<Journal> read) {
        Gauge.builder("tailguard.journal.sequence", journal, j -> read.applyAsLong(j)).tags(tags).tag("stage", stage)
                .strongReference(true).description("the highest sequence at each stage").register(registry);
    }
}
