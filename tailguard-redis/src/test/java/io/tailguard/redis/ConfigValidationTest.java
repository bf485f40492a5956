package io.tailguard.redis;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.rate.TokenBucketConfig;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Bounds that keep the Lua arithmetic exact are refused at construction, with a clear message. */
class ConfigValidationTest {

    private static RedisBucketConfig config(TokenBucketConfig bucket) {
        return new RedisBucketConfig(bucket, ClockMode.REDIS, DegradedMode.FAIL_LOCAL, 1);
    }

    @Test
    void refusesABucketThatDoesNotStartFull() {
        assertThatThrownBy(() -> config(TokenBucketConfig.of(10, 5, Duration.ofSeconds(1)).withInitialTokens(3)))
                .hasMessage("initialTokens must be capacity (10: a shared bucket starts full) but was 3");
    }

    @Test
    void refusesRatesAboveAMillionASecond() {
        assertThatThrownBy(() -> config(TokenBucketConfig.of(10, 2_000_000, Duration.ofSeconds(1))))
                .hasMessageStartingWith("refill rate must be <= 1000000 tokens a second for a Redis bucket but was");
    }

    @Test
    void refusesStepsTooLongForExactArithmetic() {
        assertThatThrownBy(() -> config(TokenBucketConfig.of(10, 1, Duration.ofHours(3).plusNanos(1))))
                .hasMessageContaining("for a Redis bucket (exact in Lua)");
        assertThatThrownBy(() -> config(TokenBucketConfig.of(1, 1, Duration.ofDays(105))))
                .hasMessageContaining("for a Redis bucket (exact in Lua)");
    }

    @Test
    void allowsLongStepsOfWholeMicroseconds() {
        config(TokenBucketConfig.of(10, 1, Duration.ofHours(3)));
        config(TokenBucketConfig.of(3, 1, Duration.ofDays(1)));
    }

    @Test
    void refusesABucketThatTakesLongerThan2To52NanosToRefill() {
        config(TokenBucketConfig.of(1_000, 1, Duration.ofHours(1)));
        assertThatThrownBy(() -> config(TokenBucketConfig.of(2_000, 1, Duration.ofHours(1))))
                .hasMessage("capacity × refillPeriod / refillTokens must be <= 2^52 ns (52 days to refill from empty) "
                        + "for a Redis bucket but was 2000 × PT1H / 1");
    }

    @Test
    void refusesAnotherUri() {
        assertThatThrownBy(() -> RedisLink.connect("http://127.0.0.1:1", RedisLinkConfig.DEFAULT))
                .hasMessage("uri must be redis://host:port but was http://127.0.0.1:1");
    }

    @Test
    void refusesCallerTimesBeyondExactSteps() {
        GcraArgs args = new GcraArgs(TokenBucketConfig.of(10, 1_000_000, Duration.ofSeconds(1)));
        assertThatThrownBy(() -> args.callerTime(Long.MAX_VALUE, 1))
                .hasMessageStartingWith("nowNanos must be within 2^53 steps of 1000 ns");
    }
}
