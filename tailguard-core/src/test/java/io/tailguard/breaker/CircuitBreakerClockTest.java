package io.tailguard.breaker;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.time.ManualClock;
import io.tailguard.time.NanoClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The breaker's clock-taking calls: the same answers as the time-taking ones, fewer clock reads. */
class CircuitBreakerClockTest {

    private static final long MS = 1_000_000L;

    private final ManualClock manual = new ManualClock(5 * MS);
    private int reads;
    private final NanoClock counted = () -> {
        reads++;
        return manual.nanoTime();
    };

    private static CircuitBreakerConfig published() {
        return CircuitBreakerConfig.countBased(20, 10, 50.0, Duration.ofMillis(500), 2);
    }

    @Test
    void aHealthyCallThroughAClosedCountBreakerReadsNoClock() {
        CircuitBreaker b = new CircuitBreaker(published());
        for (int i = 0; i < 100; i++) {
            assertThat(b.tryAcquire(counted)).isTrue();
            b.onSuccess(counted, 0);
        }
        b.onFailure(counted, 0);
        assertThat(reads).isZero();
    }

    @Test
    void theTripReadsTheClockOnceAndOpensFromThatInstant() {
        List<String> log = new ArrayList<>();
        CircuitBreaker b = new CircuitBreaker(published(), (now, from, to) -> log.add(now / MS + ":" + from + "->" + to));
        for (int i = 0; i < 9; i++) {
            b.onFailure(counted, 0);
        }
        manual.advanceNanos(7 * MS);
        b.onFailure(counted, 0);
        assertThat(reads).isEqualTo(1);
        assertThat(log).containsExactly("12:CLOSED->OPEN");
        manual.advanceNanos(499 * MS);
        assertThat(b.tryAcquire(counted)).as("open reads the clock to know the wait is not over").isFalse();
        assertThat(reads).isEqualTo(2);
        manual.advanceNanos(MS);
        assertThat(b.tryAcquire(counted)).isTrue();
        assertThat(log).containsExactly("12:CLOSED->OPEN", "512:OPEN->HALF_OPEN");
    }

    @Test
    void aTimeWindowReadsTheClockForEveryOutcome() {
        CircuitBreaker b = new CircuitBreaker(published().withTimeWindow(2));
        b.onSuccess(counted, 0);
        b.onFailure(counted, 0);
        assertThat(reads).isEqualTo(2);
    }

    /** Drives two breakers through one script, one with times, one with the clock; their transitions must agree. */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void theClockFormsMakeTheSameTransitionsAsTheTimeForms(boolean timeWindow) {
        CircuitBreakerConfig config = timeWindow ? published().withTimeWindow(1) : published();
        List<String> byTime = new ArrayList<>();
        List<String> byClock = new ArrayList<>();
        CircuitBreaker timed = new CircuitBreaker(config, (now, from, to) -> byTime.add(now + ":" + from + "->" + to));
        CircuitBreaker clocked = new CircuitBreaker(config, (now, from, to) -> byClock.add(now + ":" + from + "->" + to));
        // failures, a trip, probes that fail, probes that succeed, then a second trip
        String script = "FFFFFSSSSFFFFF" + "aa" + "FF" + "aaa" + "SS" + "SSSSSFFFFFFFFFF" + "aa" + "SF";
        for (char c : script.toCharArray()) {
            manual.advanceNanos(97 * MS);
            long now = manual.nanoTime();
            switch (c) {
                case 'a' -> assertThat(clocked.tryAcquire(counted)).isEqualTo(timed.tryAcquire(now));
                case 'S' -> {
                    timed.onSuccess(now, 0);
                    clocked.onSuccess(counted, 0);
                }
                default -> {
                    timed.onFailure(now, 0);
                    clocked.onFailure(counted, 0);
                }
            }
            assertThat(clocked.state()).isEqualTo(timed.state());
        }
        assertThat(byClock).isEqualTo(byTime).hasSizeGreaterThanOrEqualTo(5);
    }
}
