package io.tailguard.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.queue.BoundedQueueConfig;
import io.tailguard.rate.TokenBucketConfig;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class TailguardFilterBuilderTest {

    @Test
    void aQueueNeedsALimiterToWaitFor() {
        assertThatThrownBy(() -> TailguardFilter.builder().queue(BoundedQueueConfig.fifo(4, Duration.ofSeconds(1))).build())
                .hasMessage("limiter must be set when a queue is set but was null");
    }

    @Test
    void partitionLimitsAndRatesNeedAPartitionKey() {
        assertThatThrownBy(() -> TailguardFilter.builder().partitionLimit("a", 1).build())
                .hasMessage("partitionBy must be set when partition limits or rates are set but was null");
        assertThatThrownBy(() -> TailguardFilter.builder()
                .partitionRate(TokenBucketConfig.of(1, 1, Duration.ofSeconds(1))).build())
                .hasMessage("partitionBy must be set when partition limits or rates are set but was null");
        assertThatThrownBy(() -> PartitionKey.header(" ")).hasMessage("name must be a non-blank header name but was  ");
        assertThatThrownBy(() -> TailguardFilter.builder().limiter(null)).hasMessage("limiter must be non-null but was null");
    }

    @Test
    void retryAfterRoundsUpToWholeSecondsAndIsAtLeastOne() {
        assertThat(RetryAfter.seconds(0)).isEqualTo(1);
        assertThat(RetryAfter.seconds(-5)).isEqualTo(1);
        assertThat(RetryAfter.seconds(1_000_000_000L)).isEqualTo(1);
        assertThat(RetryAfter.seconds(1_000_000_001L)).isEqualTo(2);
        assertThat(RetryAfter.seconds(Long.MAX_VALUE)).isEqualTo(9_223_372_037L);
    }
}
