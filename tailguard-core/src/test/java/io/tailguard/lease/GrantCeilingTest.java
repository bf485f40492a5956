package io.tailguard.lease;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GrantCeilingTest {

    private static final long TARGET_NANOS = 20_000_000L;

    private final GrantCeiling ceiling = new GrantCeiling(TARGET_NANOS);

    private static PeriodStats late(int accepted, int within) {
        PeriodStats period = new PeriodStats();
        period.accepted = accepted;
        period.completedWithinTarget = within;
        // the rest still runs, past the target: a request sent into the cliff
        period.inFlight = accepted - within;
        period.meanInFlightAgeNanos = 900_000_000L;
        return period;
    }

    @Test
    void everyLatePeriodRightAfterACutHoldsAndKeepsTheKnee() {
        // the demo's one-second service windows open with the first request they take, not with
        // the lease, so the first requests of the period after a cut can land in a window the
        // previous, larger grant filled: each such period is the cut period's excess, not a knee
        assertThat(ceiling.afterLate(63, late(63, 62))).isEqualTo(61);
        assertThat(ceiling.ceiling()).isEqualTo(63);
        assertThat(ceiling.afterLate(61, late(61, 58))).as("right after the cut: hold").isEqualTo(61);
        assertThat(ceiling.afterLate(61, late(61, 59))).as("after a hold: learn").isEqualTo(57);
        assertThat(ceiling.ceiling()).isEqualTo(60);
        // right after the second cut: hold again (the knee stays 59; it was lowered to 56 before)
        assertThat(ceiling.afterLate(57, late(57, 56))).isEqualTo(57);
        assertThat(ceiling.ceiling()).isEqualTo(60);
    }

    @Test
    void aLatePeriodAfterAnOnTimeOneLearnsTheKnee() {
        assertThat(ceiling.afterLate(63, late(63, 62))).isEqualTo(61);
        assertThat(ceiling.afterOnTime(61, 61, onTime(61))).isEqualTo(61);
        assertThat(ceiling.afterLate(61, late(61, 59))).isEqualTo(57);
        assertThat(ceiling.ceiling()).isEqualTo(60);
    }

    private static PeriodStats onTime(int accepted) {
        PeriodStats period = new PeriodStats();
        period.accepted = accepted;
        period.completedWithinTarget = accepted;
        period.maxCompletedLatencyNanos = 19_000_000L;
        return period;
    }
}
