package io.tailguard.balance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PowerOfTwoChoicesBalancerTest {

    private static final long MS = 1_000_000L;

    private final PowerOfTwoChoicesBalancer balancer = new PowerOfTwoChoicesBalancer(3,
            new PowerOfTwoChoicesBalancer.Config(Duration.ofSeconds(1)), new SplittableRandom(42));

    @Test
    void avoidsTheSlowBackend() {
        balancer.onComplete(0L, balancer.pick(0L), 0L, true);
        balancer.onComplete(0L, 0, 1 * MS, true);
        balancer.onComplete(0L, 1, 1 * MS, true);
        balancer.onComplete(0L, 2, 500 * MS, true);
        int[] sent = new int[3];
        for (int i = 0; i < 300; i++) {
            int chosen = balancer.pick(0L);
            sent[chosen]++;
            balancer.onComplete(0L, chosen, chosen == 2 ? 500 * MS : MS, true);
        }
        assertThat(sent[2]).isZero();
        assertThat(sent[0] + sent[1]).isEqualTo(300);
    }

    @Test
    void aPeakIsTakenAtOnceAndForgottenOverTime() {
        balancer.onComplete(0L, 0, MS, true);
        balancer.onComplete(0L, 0, 100 * MS, true);
        assertThat(balancer.latencyEstimateNanos(0, 0L)).isEqualTo(100.0 * MS);
        balancer.onComplete(5_000 * MS, 0, MS, true);
        assertThat(balancer.latencyEstimateNanos(0, 5_000 * MS)).isBetween(1.0 * MS, 2.0 * MS);
    }

    @Test
    void failuresReleaseTheSlotButTeachNoLatency() {
        balancer.onComplete(0L, 1, 50 * MS, true);
        int chosen = balancer.pick(0L);
        assertThat(balancer.outstanding(chosen)).isEqualTo(1);
        balancer.onComplete(0L, chosen, 0L, false);
        assertThat(balancer.outstanding(chosen)).isZero();
        balancer.onComplete(10 * MS, 1, 0L, false);
        // only the decay with time lowered it: the fast failure taught nothing
        assertThat(balancer.latencyEstimateNanos(1, 10 * MS)).isCloseTo(50.0 * MS * Math.exp(-0.01), within(1.0));
    }

    @Test
    void aSlowBackendStarvedOfTrafficIsTriedAgainOnceItsPeakDecays() {
        balancer.onComplete(0L, 0, 5_000 * MS, true);
        balancer.onComplete(0L, 1, 10 * MS, true);
        balancer.onComplete(0L, 2, 10 * MS, true);
        // no request reaches backend 0, so no sample can lower its 5 s peak: only time can
        for (long t = 0; t < 2_000; t++) {
            int chosen = balancer.pick(t * MS);
            assertThat(chosen).isNotZero();
            balancer.onComplete(t * MS, chosen, 10 * MS, true);
        }
        assertThat(balancer.latencyEstimateNanos(0, 2_000 * MS)).isCloseTo(5_000.0 * MS * Math.exp(-2.0), within(1.0));
        int[] sent = new int[3];
        for (long t = 10_000; t < 10_300; t++) {
            int chosen = balancer.pick(t * MS);
            sent[chosen]++;
            balancer.onComplete(t * MS, chosen, 10 * MS, true);
        }
        // 10 s after its peak (ten decay times) it costs less than 10 ms again
        assertThat(sent[0]).isGreaterThan(50);
    }

    @Test
    void outstandingRequestsRaiseTheCost() {
        balancer.onComplete(0L, 0, MS, true);
        balancer.onComplete(0L, 1, MS, true);
        balancer.onComplete(0L, 2, MS, true);
        int[] sent = new int[3];
        for (int i = 0; i < 30; i++) {
            sent[balancer.pick(0L)]++;
        }
        // never completed, so outstanding grows and the picks spread over all three
        for (int count : sent) {
            assertThat(count).isBetween(6, 14);
        }
    }

    @Test
    void sameSeedGivesSamePicks() {
        PowerOfTwoChoicesBalancer other = new PowerOfTwoChoicesBalancer(3,
                new PowerOfTwoChoicesBalancer.Config(Duration.ofSeconds(1)), new SplittableRandom(42));
        for (int i = 0; i < 50; i++) {
            assertThat(other.pick(i)).isEqualTo(balancer.pick(i));
        }
    }

    @Test
    void validatesArguments() {
        assertThatThrownBy(() -> new PowerOfTwoChoicesBalancer.Config(Duration.ZERO))
                .hasMessage("decayTime must be > 0 but was PT0S");
        assertThatThrownBy(() -> balancer.onComplete(0L, 3, 0L, true))
                .hasMessage("backend must be between 0 and 2 but was 3");
    }
}
