package io.tailguard.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class LeaseTest {

    @Test
    void rejectsZeroRequests() {
        assertThatThrownBy(() -> new Lease(0, Duration.ofSeconds(1)))
                .hasMessage("allowedRequests must be >= 1 but was 0");
    }

    @Test
    void rejectsZeroTimeToLive() {
        assertThatThrownBy(() -> new Lease(1, Duration.ZERO))
                .hasMessage("timeToLive must be > 0 but was PT0S");
    }

    @Test
    void convertsTimeToLiveToNanosSaturating() {
        assertThat(new Lease(1, Duration.ofMillis(1500)).timeToLiveNanos()).isEqualTo(1_500_000_000L);
        assertThat(new Lease(1, Duration.ofSeconds(Long.MAX_VALUE)).timeToLiveNanos())
                .isEqualTo(Long.MAX_VALUE);
    }
}
