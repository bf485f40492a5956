package io.tailguard.balance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.lease.Lease;
import io.tailguard.lease.LeaseView;
import io.tailguard.testing.Threads;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

class LeastLoadedBalancerTest {

    @Test
    void picksTheHighestAvailability() {
        double[] availability = {0.2, 0.9, 0.5};
        LeastLoadedBalancer balancer = new LeastLoadedBalancer(List.of(
                now -> availability[0], now -> availability[1], now -> availability[2]));
        for (int i = 0; i < 5; i++) {
            assertThat(balancer.pick(0L)).isEqualTo(1);
        }
        availability[2] = 0.95;
        assertThat(balancer.pick(0L)).isEqualTo(2);
    }

    @Test
    void breaksTiesInTurn() {
        LeastLoadedBalancer balancer = new LeastLoadedBalancer(List.of(
                now -> 0.5, now -> 0.8, now -> 0.8, now -> 0.8));
        int[] picks = new int[6];
        for (int i = 0; i < picks.length; i++) {
            picks[i] = balancer.pick(0L);
        }
        assertThat(picks).containsOnly(1, 2, 3);
        assertThat(picks).contains(1, 2, 3);
    }

    @Test
    void fallsBackToRoundRobinWhenAllAreExhausted() {
        LeastLoadedBalancer balancer = new LeastLoadedBalancer(List.of(
                now -> 0.0, now -> 0.0005, now -> 0.0));
        int[] picks = new int[6];
        for (int i = 0; i < picks.length; i++) {
            picks[i] = balancer.pick(0L);
        }
        assertThat(picks).containsExactly(0, 1, 2, 0, 1, 2);
    }

    @Test
    void followsLeaseViewsAsTheyAreUsedUp() {
        LeaseView small = new LeaseView();
        LeaseView large = new LeaseView();
        small.onLease(0L, new Lease(2, Duration.ofSeconds(1)));
        large.onLease(0L, new Lease(10, Duration.ofSeconds(1)));
        LeastLoadedBalancer balancer = new LeastLoadedBalancer(List.of(small, large));
        int[] sent = new int[2];
        for (int i = 0; i < 12; i++) {
            int chosen = balancer.pick(0L);
            sent[chosen]++;
            (chosen == 0 ? small : large).onSent();
        }
        // both leases are used up in proportion to their size: 2 and 10
        assertThat(sent).containsExactly(2, 10);
    }

    @Test
    void concurrentPickersDrainEqualLeasesEvenly() throws Exception {
        int backends = 3;
        int perLease = 10_000;
        int threads = 4;
        List<LeaseView> views = new ArrayList<>();
        for (int i = 0; i < backends; i++) {
            LeaseView view = new LeaseView();
            view.onLease(0L, new Lease(perLease, Duration.ofHours(1)));
            views.add(view);
        }
        LeastLoadedBalancer balancer = new LeastLoadedBalancer(views);
        AtomicIntegerArray sent = new AtomicIntegerArray(backends);
        Threads.runTogether(threads, Duration.ofSeconds(60), thread -> {
            for (int i = 0; i < backends * perLease / threads; i++) {
                int chosen = balancer.pick(0L);
                views.get(chosen).onSent();
                sent.incrementAndGet(chosen);
            }
        });
        // the highest availability always wins, so the leases drain together: racing picks can
        // only misplace a few requests, never starve or flood a backend
        for (int i = 0; i < backends; i++) {
            assertThat(sent.get(i)).as("backend %d", i).isBetween(perLease - 100, perLease + 100);
        }
    }

    @Test
    void rejectsAnEmptyList() {
        assertThatThrownBy(() -> new LeastLoadedBalancer(List.of()))
                .hasMessage("backends.size() must be >= 1 but was 0");
    }
}
