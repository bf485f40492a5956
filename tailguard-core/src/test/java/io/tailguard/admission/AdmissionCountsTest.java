package io.tailguard.admission;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AdmissionCountsTest {

    @Test
    void countsAdmittedAndRejectedPerReason() {
        AdmissionCounts counts = new AdmissionCounts();
        counts.record(Permit.noop());
        counts.admitted();
        counts.record(Rejection.of(RejectReason.RATE_LIMITED));
        counts.rejected(RejectReason.QUEUE_TIMEOUT);
        counts.rejected(RejectReason.QUEUE_TIMEOUT);
        assertThat(counts.admittedCount()).isEqualTo(2);
        assertThat(counts.rejectedCount(RejectReason.RATE_LIMITED)).isEqualTo(1);
        assertThat(counts.rejectedCount(RejectReason.QUEUE_TIMEOUT)).isEqualTo(2);
        assertThat(counts.rejectedCount(RejectReason.QUEUE_FULL)).isZero();
        assertThat(counts).hasToString("AdmissionCounts[admitted=2, RATE_LIMITED=1, QUEUE_TIMEOUT=2]");
    }
}
