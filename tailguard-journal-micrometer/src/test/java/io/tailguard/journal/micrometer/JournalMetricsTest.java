package io.tailguard.journal.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Tags;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.tailguard.journal.Journal;
import io.tailguard.journal.JournalConfig;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Binds a journal to a Prometheus registry, appends, and reads the scraped text. */
class JournalMetricsTest {

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

    @TempDir
    Path dir;

    @Test
    void aJournalShowsItsCommitLagAndSequences() {
        try (Journal journal = Journal.open(JournalConfig.builder(dir).segmentSizeBytes(1 << 20).build())) {
            new JournalMetrics(journal, Tags.of("journal", "orders")).bindTo(registry);
            for (int i = 0; i < 3; i++) {
                journal.appendBlocking(new byte[] {1, 2, 3});
            }
            String text = registry.scrape();
            assertThat(text).contains(
                    "tailguard_journal_sequence{journal=\"orders\",stage=\"written\"} 3.0",
                    "tailguard_journal_sequence{journal=\"orders\",stage=\"committed\"} 3.0",
                    "tailguard_journal_commit_lag_records{journal=\"orders\"} 0.0");
        }
    }
}
