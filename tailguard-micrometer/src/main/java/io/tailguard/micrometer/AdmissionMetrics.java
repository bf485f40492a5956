package io.tailguard.micrometer;

import io.micrometer.core.instrument.Tag;
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
public final class AdmissionMetrics extends PolicyBinder<AdmissionCounts> {

    /** Binds {@code counts} with {@code tags} on every meter (for example {@code name=api}). */
    public AdmissionMetrics(AdmissionCounts counts, Iterable<Tag> tags) {
        super("counts", counts, tags);
        counter("tailguard.admission.admitted", AdmissionCounts::admittedCount, "requests admitted");
        for (RejectReason reason : RejectReason.values()) {
            counter("tailguard.admission.rejected", Tag.of("reason", reason.name().toLowerCase(Locale.ROOT)),
                    c -> c.rejectedCount(reason), "requests rejected, by reason");
        }
    }
}
