package io.tailguard.lease;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.time.ManualClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class LeaseViewTest {

    private final ManualClock clock = new ManualClock();
    private final LeaseView view = new LeaseView();

    @Test
    void hasNoAvailabilityBeforeTheFirstLease() {
        assertThat(view.availability(clock.nanoTime())).isZero();
        view.onSent();
        assertThat(view.remaining(clock.nanoTime())).isZero();
    }

    @Test
    void availabilityIsRemainingOverAllowed() {
        view.onLease(clock.nanoTime(), new Lease(10, Duration.ofSeconds(1)));
        assertThat(view.availability(clock.nanoTime())).isEqualTo(1.0);
        view.onSent();
        assertThat(view.availability(clock.nanoTime())).isEqualTo(0.9);
        for (int i = 0; i < 9; i++) {
            view.onSent();
        }
        assertThat(view.availability(clock.nanoTime())).isZero();
    }

    @Test
    void sendingPastTheLeaseNeverGoesNegative() {
        view.onLease(clock.nanoTime(), new Lease(1, Duration.ofSeconds(1)));
        view.onSent();
        view.onSent();
        view.onSent();
        assertThat(view.remaining(clock.nanoTime())).isZero();
        assertThat(view.availability(clock.nanoTime())).isZero();
    }

    @Test
    void expiredLeaseHasNoAvailability() {
        view.onLease(clock.nanoTime(), new Lease(10, Duration.ofMillis(100)));
        clock.advance(Duration.ofMillis(99));
        assertThat(view.availability(clock.nanoTime())).isEqualTo(1.0);
        clock.advance(Duration.ofMillis(1));
        assertThat(view.availability(clock.nanoTime())).isZero();
    }

    @Test
    void timeToLiveCountsFromReception() {
        clock.advance(Duration.ofMillis(500));
        view.onLease(clock.nanoTime(), new Lease(2, Duration.ofMillis(100)));
        clock.advance(Duration.ofMillis(99));
        assertThat(view.availability(clock.nanoTime())).isEqualTo(1.0);
    }

    @Test
    void newLeaseReplacesTheOldOne() {
        view.onLease(clock.nanoTime(), new Lease(4, Duration.ofSeconds(1)));
        view.onSent();
        view.onLease(clock.nanoTime(), new Lease(8, Duration.ofSeconds(1)));
        assertThat(view.remaining(clock.nanoTime())).isEqualTo(8);
        view.onSent();
        view.onSent();
        assertThat(view.availability(clock.nanoTime())).isEqualTo(0.75);
    }
}
