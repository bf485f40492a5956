package io.tailguard.lease;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LeaseStatsTest {

    private static final long MS = 1_000_000L;

    private final LeaseStats stats = new LeaseStats(20 * MS, 0L);
    private final PeriodStats period = new PeriodStats();

    @Test
    void countsAdmissionsRejectionsAndCompletionsOfThePeriod() {
        stats.onAccepted(1 * MS);
        stats.onAccepted(2 * MS);
        stats.onAccepted(3 * MS);
        stats.onRejected();
        stats.onCompleted(11 * MS, 1 * MS);
        stats.onCompleted(52 * MS, 2 * MS);
        stats.roll(1_000 * MS, period);
        assertThat(period.accepted).isEqualTo(3);
        assertThat(period.rejected).isEqualTo(1);
        assertThat(period.completedWithinTarget).isEqualTo(1);
        assertThat(period.completedLate).isEqualTo(1);
        assertThat(period.maxCompletedLatencyNanos).isEqualTo(50 * MS);
        assertThat(period.inFlight).isEqualTo(1);
        assertThat(period.meanInFlightAgeNanos).isEqualTo(997 * MS);
        assertThat(period.latencyNanos()).isEqualTo(997 * MS);
        assertThat(stats.inFlight()).isEqualTo(1);
    }

    @Test
    void meanAgeOfRunningRequestsIsALowerBoundOfTheOldest() {
        stats.onAccepted(100 * MS);
        stats.onAccepted(900 * MS);
        stats.roll(1_000 * MS, period);
        assertThat(period.meanInFlightAgeNanos).isEqualTo(500 * MS);
    }

    @Test
    void requestsOfAnEarlierPeriodDoNotCountAgainstTheNextOne() {
        stats.onAccepted(10 * MS);
        stats.roll(1_000 * MS, period);
        stats.onAccepted(1_001 * MS);
        stats.onCompleted(1_005 * MS, 1_001 * MS);
        stats.onCompleted(1_500 * MS, 10 * MS);
        stats.roll(2_000 * MS, period);
        assertThat(period.accepted).isEqualTo(1);
        assertThat(period.completedLate).isZero();
        assertThat(period.maxCompletedLatencyNanos).isEqualTo(4 * MS);
        assertThat(period.inFlight).isZero();
        assertThat(period.latencyNanos()).isEqualTo(4 * MS);
        assertThat(stats.inFlight()).isZero();
    }

    @Test
    void rollResetsThePeriod() {
        stats.onAccepted(1 * MS);
        stats.onDropped(2 * MS, 1 * MS);
        stats.onRejected();
        stats.roll(1_000 * MS, period);
        assertThat(period.dropped).isEqualTo(1);
        stats.roll(2_000 * MS, period);
        assertThat(period.accepted).isZero();
        assertThat(period.rejected).isZero();
        assertThat(period.dropped).isZero();
        assertThat(period.latencyNanos()).isZero();
    }
}
