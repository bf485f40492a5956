package io.tailguard.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.time.NanoClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class FreezingServerTest {

    private static final long S = 1_000_000_000L;

    @Test
    void holdsRequestsArrivingInTheLastFreezeOfEachPeriodUntilItEnds() {
        assertThat(FreezingServer.holdNanos(0, S, 5 * S)).isZero();
        assertThat(FreezingServer.holdNanos(4 * S - 1, S, 5 * S)).isZero();
        assertThat(FreezingServer.holdNanos(4 * S, S, 5 * S)).isEqualTo(S);
        assertThat(FreezingServer.holdNanos(4 * S + S / 4, S, 5 * S)).isEqualTo(3 * S / 4);
        assertThat(FreezingServer.holdNanos(5 * S, S, 5 * S)).isZero();
        assertThat(FreezingServer.holdNanos(9 * S + 1, S, 5 * S)).isEqualTo(S - 1);
        assertThat(FreezingServer.holdNanos(7 * S, 0, 5 * S)).isZero();
    }

    @Test
    void refusesAFreezeAsLongAsItsPeriod() {
        assertThatThrownBy(() -> FreezingServer.start(0, Duration.ofSeconds(5), Duration.ofSeconds(5),
                NanoClock.system()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--freeze must be >= 0 and shorter than --every (5000 ms) but was 5000 ms");
    }
}
