package io.tailguard.balance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.lease.Lease;
import io.tailguard.lease.LeaseView;
import io.tailguard.time.ManualClock;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PowerOfTwoAvailabilityBalancerTest {

    private final ManualClock clock = new ManualClock();
    private final List<LeaseView> views = List.of(new LeaseView(), new LeaseView());

    @Test
    void picksTheMoreAvailableOfTwo() {
        views.get(0).onLease(clock.nanoTime(), new Lease(10, Duration.ofSeconds(1)));
        views.get(1).onLease(clock.nanoTime(), new Lease(10, Duration.ofSeconds(1)));
        for (int i = 0; i < 5; i++) {
            views.get(0).onSent();
        }
        PowerOfTwoAvailabilityBalancer balancer = new PowerOfTwoAvailabilityBalancer(views, new SplittableRandom(1));
        for (int i = 0; i < 20; i++) {
            assertThat(balancer.pick(clock.nanoTime())).isEqualTo(1);
        }
    }

    @Test
    void anExpiredLeaseLosesToALiveOne() {
        views.get(0).onLease(clock.nanoTime(), new Lease(10, Duration.ofMillis(100)));
        views.get(1).onLease(clock.nanoTime(), new Lease(10, Duration.ofSeconds(1)));
        for (int i = 0; i < 9; i++) {
            views.get(1).onSent();
        }
        PowerOfTwoAvailabilityBalancer balancer = new PowerOfTwoAvailabilityBalancer(views, new SplittableRandom(2));
        assertThat(balancer.pick(clock.nanoTime())).isZero();
        clock.advance(Duration.ofMillis(100));
        assertThat(balancer.pick(clock.nanoTime())).isEqualTo(1);
    }

    @Test
    void spreadsWhenEveryLeaseIsExhausted() {
        PowerOfTwoAvailabilityBalancer balancer = new PowerOfTwoAvailabilityBalancer(views, new SplittableRandom(3));
        int[] counts = new int[2];
        for (int i = 0; i < 200; i++) {
            counts[balancer.pick(clock.nanoTime())]++;
        }
        assertThat(counts[0]).isBetween(60, 140);
    }

    @Test
    void refusesAnEmptyFleet() {
        assertThatThrownBy(() -> new PowerOfTwoAvailabilityBalancer(List.of(), new SplittableRandom(1)))
                .hasMessage("backends.size() must be >= 1 but was 0");
    }
}
