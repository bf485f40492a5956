package io.tailguard.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class StaticLeaseSenderTest {

    @Test
    void grantsTheSameLeaseEveryPeriod() {
        StaticLeaseSender sender =
                new StaticLeaseSender(StaticLeaseSender.Config.every(100, Duration.ofSeconds(1)));
        assertThat(sender.period()).isEqualTo(Duration.ofSeconds(1));
        assertThat(sender.nextLease(0L)).isEqualTo(new Lease(100, Duration.ofSeconds(1)));
        assertThat(sender.nextLease(5_000_000_000L)).isEqualTo(new Lease(100, Duration.ofSeconds(1)));
    }

    @Test
    void validatesItsConfig() {
        assertThatThrownBy(() -> new StaticLeaseSender.Config(0, Duration.ofSeconds(1), Duration.ofSeconds(1)))
                .hasMessage("allowedRequests must be >= 1 but was 0");
        assertThatThrownBy(() -> new StaticLeaseSender.Config(1, Duration.ofSeconds(1), Duration.ofMillis(-1)))
                .hasMessage("period must be > 0 but was PT-0.001S");
    }
}
