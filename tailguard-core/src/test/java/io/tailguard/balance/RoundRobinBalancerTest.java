package io.tailguard.balance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RoundRobinBalancerTest {

    @Test
    void cyclesThroughBackendsInOrder() {
        RoundRobinBalancer balancer = new RoundRobinBalancer(3);
        int[] picks = new int[7];
        for (int i = 0; i < picks.length; i++) {
            picks[i] = balancer.pick(0L);
        }
        assertThat(picks).containsExactly(0, 1, 2, 0, 1, 2, 0);
    }

    @Test
    void rejectsZeroBackends() {
        assertThatThrownBy(() -> new RoundRobinBalancer(0)).hasMessage("size must be >= 1 but was 0");
    }
}
