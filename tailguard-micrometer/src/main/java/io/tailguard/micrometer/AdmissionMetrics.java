package io.tailguard.micrometer;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.tailguard.config.Check;
import io.tailguard.admission.AdmissionCounts;
import io.tailguard.admission.RejectReason;
import java.util.Locale;

/**
 * Thread-safe binder of an {@link AdmissionCounts} (what a servlet filter or gRPC interceptor
 * decided): {@code tailguard.admission.admitted} and {@code tailguard.admission.rejected} tagged
 * with {@code reason} ({@code rate_limited}, {@code concurrency_limited}, {@code queue_full},
 * {@code queue_timeout}, …). Both are function counters read at scrape time, so recording costs
 * the request nothing beyond the tally's own increment.
 */
public final class AdmissionMetrics implements MeterBinder {

    private final AdmissionCounts counts;
    private final Tags tags;

    /** Binds {@code counts} with {@code tags} on every meter (for example {@code name=api}). */
    public AdmissionMetrics(AdmissionCounts counts, Iterable<Tag> tags) {
        this.counts = Check.notNull("counts", counts);
        this.tags = Tags.of(Check.notNull("tags", tags));
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        FunctionCounter.builder("tailguard.admission.admitted", counts, AdmissionCounts::admittedCount)
                .tags(tags).description("requests admitted").register(registry);
        for (RejectReason reason : RejectReason.values()) {
            FunctionCounter.builder("tailguard.admission.rejected", counts, c -> c.rejectedCount(reason))
                    .tags(tags).tag("reason", reason.name().toLowerCase(Locale.ROOT))
                    .description("requests rejected, by reason").register(registry);
        }
    }
}
