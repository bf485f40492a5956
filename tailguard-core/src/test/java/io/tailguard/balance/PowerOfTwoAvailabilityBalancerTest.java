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

    /** Grants each of the two views a lease of 10 requests, living {@code ttl0} and {@code ttl1}. */
    private void leaseTen(Duration ttl0, Duration ttl1) {
        views.get(0).onLease(clock.nanoTime(), new Lease(10, ttl0));
        views.get(1).onLease(clock.nanoTime(), new Lease(10, ttl1));
    }

    private void send(int view, int requests) {
        for (int i = 0; i < requests; i++) {
            views.get(view).onSent();
        }
    }

    @Test
    void picksTheMoreAvailableOfTwo() {
        leaseTen(Duration.ofSeconds(1), Duration.ofSeconds(1));
        send(0, 5);
        PowerOfTwoAvailabilityBalancer balancer = new PowerOfTwoAvailabilityBalancer(views, new SplittableRandom(1));
        for (int i = 0; i < 20; i++) {
            assertThat(balancer.pick(clock.nanoTime())).isEqualTo(1);
        }
    }

    @Test
    void anExpiredLeaseLosesToALiveOne() {
        leaseTen(Duration.ofMillis(100), Duration.ofSeconds(1));
        send(1, 9);
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
