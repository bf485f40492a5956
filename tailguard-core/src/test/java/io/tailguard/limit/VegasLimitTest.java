package io.tailguard.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class VegasLimitTest {

    private static final long MS = 1_000_000L;

    /** No probing within these tests unless asked for: the multiplier is huge. */
    private static VegasLimit limit(int probeMultiplier) {
        return new VegasLimit(new VegasLimitConfig(20, 1000, 1.0, probeMultiplier), new SplittableRandom(7));
    }

    @Test
    void growsWhileLatencyStaysAtTheNoLoadRtt() {
        VegasLimit limit = limit(1_000_000);
        limit.update(0, 10 * MS, 20, false); // first sample: learns the no-load RTT
        assertThat(limit.rttNoLoadNanos()).isEqualTo(10 * MS);
        int before = limit.limit();
        for (int i = 0; i < 10; i++) {
            limit.update(0, 10 * MS, limit.limit(), false);
        }
        assertThat(limit.limit()).isGreaterThan(before + 50);
    }

    @Test
    void shrinksWhenLatencyStepsUpAndQueueBuilds() {
        VegasLimit limit = limit(1_000_000);
        limit.update(0, 10 * MS, 20, false);
        for (int i = 0; i < 10; i++) {
            limit.update(0, 10 * MS, limit.limit(), false);
        }
        int grown = limit.limit();
        for (int i = 0; i < 30; i++) {
            limit.update(0, 30 * MS, limit.limit(), false);
        }
        assertThat(limit.limit()).isLessThan(grown - 20);
    }

    @Test
    void doesNotGrowWhileLessThanHalfTheLimitIsInUse() {
        VegasLimit limit = limit(1_000_000);
        limit.update(0, 10 * MS, 20, false);
        for (int i = 0; i < 10; i++) {
            limit.update(0, 10 * MS, 9, false);
        }
        assertThat(limit.limit()).isEqualTo(20);
    }

    @Test
    void dropShrinksTheLimit() {
        VegasLimit limit = limit(1_000_000);
        limit.update(0, 10 * MS, 20, false);
        assertThat(limit.update(0, 10 * MS, 20, true)).isEqualTo(19);
    }

    @Test
    void probingRelearnsAHigherNoLoadRttAndTheLimitGrowsAgain() {
        VegasLimit limit = limit(1);
        limit.update(0, 10 * MS, 20, false);
        int samples = 0;
        while (limit.rttNoLoadNanos() != 40 * MS && samples < 100) {
            limit.update(0, 40 * MS, limit.limit(), false);
            samples++;
        }
        assertThat(limit.rttNoLoadNanos()).isEqualTo(40 * MS);
        assertThat(samples).isGreaterThan(1);
        int low = limit.limit();
        assertThat(low).isLessThan(20);
        for (int i = 0; i < 3; i++) {
            limit.update(0, 40 * MS, limit.limit(), false);
        }
        assertThat(limit.limit()).isGreaterThan(low);
    }

    @Test
    void sameSeedGivesTheSameLimits() {
        VegasLimit a = limit(2);
        VegasLimit b = limit(2);
        for (int i = 0; i < 1_000; i++) {
            long rtt = (10 + (i * 7919L) % 30) * MS;
            assertThat(a.update(0, rtt, a.limit(), i % 50 == 0)).isEqualTo(b.update(0, rtt, b.limit(), i % 50 == 0));
        }
    }

    @Test
    void configRejectsInvalidValues() {
        assertThatThrownBy(() -> new VegasLimitConfig(20, 1000, 0.0, 30))
                .hasMessage("smoothing must be > 0 and <= 1 but was 0.0");
        assertThatThrownBy(() -> new VegasLimitConfig(2000, 1000, 1.0, 30))
                .hasMessage("initialLimit must be between 1 and 1000 but was 2000");
    }
}
