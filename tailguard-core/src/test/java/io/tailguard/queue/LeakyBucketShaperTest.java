package io.tailguard.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class LeakyBucketShaperTest {

    private static final long MS = 1_000_000L;

    private static LeakyBucketShaper<Integer> shaper(int capacity, long intervalMs) {
        return new LeakyBucketShaper<>(new LeakyBucketConfig(capacity, Duration.ofMillis(intervalMs)));
    }

    @Test
    void itemReachingAnIdleShaperGoesAtOnceAndLaterOnesAreSpacedByTheInterval() {
        LeakyBucketShaper<Integer> shaper = shaper(5, 10);
        shaper.offer(0, 1);
        shaper.offer(0, 2);
        shaper.offer(0, 3);
        assertThat(shaper.poll(0)).isEqualTo(1);
        assertThat(shaper.poll(10 * MS - 1)).isNull();
        assertThat(shaper.nextReleaseNanos()).isEqualTo(10 * MS);
        assertThat(shaper.poll(10 * MS)).isEqualTo(2);
        assertThat(shaper.nextReleaseNanos()).isEqualTo(20 * MS);
    }

    @Test
    void arrivalAfterAnIdleGapIsReleasedOnArrival() {
        LeakyBucketShaper<Integer> shaper = shaper(5, 10);
        shaper.offer(0, 1);
        shaper.offer(5 * MS, 2);
        shaper.offer(50 * MS, 3);
        assertThat(shaper.poll(100 * MS)).isEqualTo(1);
        assertThat(shaper.nextReleaseNanos()).isEqualTo(10 * MS);
        shaper.poll(100 * MS);
        assertThat(shaper.nextReleaseNanos()).isEqualTo(50 * MS);
    }

    @Test
    void capacity25LeakEvery10MsAcceptsABurstOf25AndReleasesOnePer10Ms() {
        LeakyBucketShaper<Integer> shaper = shaper(25, 10);
        int accepted = 0;
        for (int i = 0; i < 30; i++) {
            if (shaper.offer(0, i)) {
                accepted++;
            }
        }
        assertThat(accepted).isEqualTo(25);
        int released = 0;
        for (long t = 0; t < 250 * MS; t += MS) {
            if (shaper.poll(t) != null) {
                released++;
                assertThat(t % (10 * MS)).isZero();
            }
        }
        assertThat(released).isEqualTo(25);
        assertThat(shaper.isEmpty()).isTrue();
    }

    @Test
    void capacityCountsItemsDueButNotYetPolled() {
        LeakyBucketShaper<Integer> shaper = shaper(2, 10);
        shaper.offer(0, 1);
        shaper.offer(0, 2);
        assertThat(shaper.offer(100 * MS, 3)).isFalse();
        assertThat(shaper.poll(100 * MS)).isEqualTo(1);
        assertThat(shaper.offer(100 * MS, 3)).isTrue();
        assertThat(shaper.size()).isEqualTo(2);
    }

    @Test
    void rejectedOfferDoesNotMoveTheSchedule() {
        LeakyBucketShaper<Integer> shaper = shaper(1, 10);
        shaper.offer(0, 1);
        assertThat(shaper.offer(1 * MS, 2)).isFalse();
        shaper.poll(0);
        shaper.offer(2 * MS, 3);
        assertThat(shaper.nextReleaseNanos()).isEqualTo(10 * MS);
    }

    @Test
    void latePollerGetsDueItemsBackToBackWithoutStretchingTheSchedule() {
        LeakyBucketShaper<Integer> shaper = shaper(5, 10);
        for (int i = 0; i < 4; i++) {
            shaper.offer(0, i);
        }
        assertThat(shaper.poll(25 * MS)).isEqualTo(0);
        assertThat(shaper.poll(25 * MS)).isEqualTo(1);
        assertThat(shaper.poll(25 * MS)).isEqualTo(2);
        assertThat(shaper.poll(25 * MS)).isNull();
        assertThat(shaper.nextReleaseNanos()).isEqualTo(30 * MS);
    }

    @Test
    void emptyShaperReportsNoNextRelease() {
        LeakyBucketShaper<Integer> shaper = shaper(1, 10);
        assertThat(shaper.nextReleaseNanos()).isEqualTo(Long.MAX_VALUE);
        assertThat(shaper.poll(0)).isNull();
    }

    @Test
    void configRejectsInvalidValues() {
        assertThatThrownBy(() -> new LeakyBucketConfig(0, Duration.ofMillis(1)))
                .hasMessage("capacity must be >= 1 but was 0");
        assertThatThrownBy(() -> new LeakyBucketConfig(1, Duration.ZERO))
                .hasMessage("drainInterval must be > 0 but was PT0S");
        assertThat(LeakyBucketConfig.ofRate(25, 100).drainInterval()).isEqualTo(Duration.ofMillis(10));
    }
}
