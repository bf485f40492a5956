package io.tailguard.breaker;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.time.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CircuitBreakerTest {

    private static final long MS = 1_000_000L;

    private final ManualClock clock = new ManualClock();
    private final List<String> log = new ArrayList<>();

    private CircuitBreaker breaker(CircuitBreakerConfig config) {
        return new CircuitBreaker(config, (now, from, to) -> log.add(now / MS + ":" + from + "->" + to));
    }

    private static CircuitBreakerConfig published() {
        return CircuitBreakerConfig.countBased(20, 10, 50.0, Duration.ofMillis(500), 1);
    }

    /** A breaker with the published settings, opened at time 0 by ten failures. */
    private CircuitBreaker opened() {
        CircuitBreaker b = breaker(published());
        fail(b, 10);
        return b;
    }

    /** A breaker with the published settings, opened at 0 and half-open at 500 ms with its one probe admitted. */
    private CircuitBreaker probing() {
        CircuitBreaker b = opened();
        clock.advanceNanos(500 * MS);
        assertThat(b.tryAcquire(clock.nanoTime())).isTrue();
        return b;
    }

    /** Asserts that {@code b}, opened just now, refuses for 499 ms and admits a probe at 500 ms, the published wait. */
    private void assertRefusesForExactlyTheWaitThenProbes(CircuitBreaker b) {
        clock.advanceNanos(499 * MS);
        assertThat(b.tryAcquire(clock.nanoTime())).isFalse();
        clock.advanceNanos(MS);
        assertThat(b.tryAcquire(clock.nanoTime())).isTrue();
    }

    private void fail(CircuitBreaker b, int n) {
        for (int i = 0; i < n; i++) {
            b.onFailure(clock.nanoTime(), 0);
        }
    }

    private void succeed(CircuitBreaker b, int n) {
        for (int i = 0; i < n; i++) {
            b.onSuccess(clock.nanoTime(), 0);
        }
    }

    @Test
    void staysClosedBelowTheMinimumNumberOfCalls() {
        CircuitBreaker b = breaker(published());
        fail(b, 9);
        assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
        assertThat(b.tryAcquire(clock.nanoTime())).isTrue();
    }

    @Test
    void opensAtExactlyTheThresholdOnceTheMinimumIsReached() {
        CircuitBreaker b = breaker(published());
        succeed(b, 5);
        fail(b, 4);
        assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
        clock.advanceNanos(7 * MS);
        fail(b, 1);
        assertThat(b.state()).isEqualTo(BreakerState.OPEN);
        assertThat(log).containsExactly("7:CLOSED->OPEN");
    }

    @Test
    void aSuccessIsJudgedTooSoTheTenthCallMayOpenIt() {
        CircuitBreaker b = breaker(published());
        fail(b, 5);
        succeed(b, 4);
        assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
        succeed(b, 1);
        assertThat(b.state()).as("5 of 10 failed after the tenth outcome").isEqualTo(BreakerState.OPEN);
    }

    @Test
    void rejectsWhileOpenAndProbesAtExactlyTheEndOfTheWait() {
        CircuitBreaker b = opened();
        assertRefusesForExactlyTheWaitThenProbes(b);
        assertThat(b.state()).isEqualTo(BreakerState.HALF_OPEN);
        assertThat(b.tryAcquire(clock.nanoTime())).as("one probe only").isFalse();
        assertThat(log).containsExactly("0:CLOSED->OPEN", "500:OPEN->HALF_OPEN");
    }

    @Test
    void aSuccessfulProbeClosesItWithAnEmptyWindow() {
        CircuitBreaker b = probing();
        succeed(b, 1);
        assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
        fail(b, 9);
        assertThat(b.state()).as("the window was cleared, 9 calls are below the minimum").isEqualTo(BreakerState.CLOSED);
    }

    @Test
    void aFailedProbeReopensAndRearmsTheTimer() {
        CircuitBreaker b = probing();
        clock.advanceNanos(100 * MS);
        fail(b, 1);
        assertThat(b.state()).isEqualTo(BreakerState.OPEN);
        assertRefusesForExactlyTheWaitThenProbes(b);
        assertThat(log).containsExactly("0:CLOSED->OPEN", "500:OPEN->HALF_OPEN", "600:HALF_OPEN->OPEN",
                "1100:OPEN->HALF_OPEN");
    }

    @Test
    void severalProbesAreJudgedTogether() {
        CircuitBreaker b = breaker(CircuitBreakerConfig.countBased(10, 4, 50.0, Duration.ofMillis(100), 3));
        fail(b, 4);
        clock.advanceNanos(100 * MS);
        assertThat(b.tryAcquire(clock.nanoTime())).isTrue();
        assertThat(b.tryAcquire(clock.nanoTime())).isTrue();
        assertThat(b.tryAcquire(clock.nanoTime())).isTrue();
        assertThat(b.tryAcquire(clock.nanoTime())).isFalse();
        fail(b, 1);
        succeed(b, 1);
        assertThat(b.state()).as("judged after the third probe").isEqualTo(BreakerState.HALF_OPEN);
        succeed(b, 1);
        assertThat(b.state()).as("1 of 3 failed is below 50 %").isEqualTo(BreakerState.CLOSED);
    }

    @Test
    void outcomesWhileOpenAreIgnored() {
        CircuitBreaker b = opened();
        succeed(b, 50);
        assertThat(b.state()).isEqualTo(BreakerState.OPEN);
        assertThat(log).hasSize(1);
    }

    @Test
    void theCountWindowForgetsTheOldestCall() {
        CircuitBreaker b = breaker(CircuitBreakerConfig.countBased(4, 4, 75.0, Duration.ofMillis(100), 1));
        fail(b, 2);
        succeed(b, 2);
        fail(b, 1);
        assertThat(b.state()).as("window F S S F: 50 %").isEqualTo(BreakerState.CLOSED);
        fail(b, 1);
        assertThat(b.state()).as("window S S F F: 50 %").isEqualTo(BreakerState.CLOSED);
        fail(b, 1);
        assertThat(b.state()).as("window S F F F: 75 %").isEqualTo(BreakerState.OPEN);
    }

    @Test
    void theTimeWindowForgetsCallsOlderThanItsSeconds() {
        CircuitBreaker b = breaker(published().withTimeWindow(2));
        fail(b, 9);
        clock.advanceNanos(2_000 * MS);
        fail(b, 1);
        assertThat(b.state()).as("the 9 failures left the 2 s window").isEqualTo(BreakerState.CLOSED);
        clock.advanceNanos(1_000 * MS);
        fail(b, 9);
        assertThat(b.state()).isEqualTo(BreakerState.OPEN);
    }

    @Test
    void slowCallsOpenItEvenWhenTheySucceed() {
        CircuitBreaker b = breaker(published().withSlowCalls(60.0, Duration.ofMillis(300)));
        for (int i = 0; i < 4; i++) {
            b.onSuccess(clock.nanoTime(), 10 * MS);
        }
        for (int i = 0; i < 5; i++) {
            b.onSuccess(clock.nanoTime(), 300 * MS);
        }
        assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
        b.onSuccess(clock.nanoTime(), 400 * MS);
        assertThat(b.state()).as("6 of 10 slow").isEqualTo(BreakerState.OPEN);
    }
}
