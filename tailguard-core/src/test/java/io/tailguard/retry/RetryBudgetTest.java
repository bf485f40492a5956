package io.tailguard.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.testing.Threads;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetryBudgetTest {

    private static final long S = 1_000_000_000L;

    @Test
    void allowsTheShareOfRequestsAndNoMore() {
        RetryBudget budget = new RetryBudget(new RetryBudgetConfig(20.0, 0, Duration.ofSeconds(10)));
        assertThat(budget.tryWithdraw(0)).as("nothing deposited, no reserve").isFalse();
        for (int i = 0; i < 10; i++) {
            budget.deposit(i * S / 10);
        }
        assertThat(budget.tryWithdraw(S)).isTrue();
        assertThat(budget.tryWithdraw(S)).isTrue();
        assertThat(budget.tryWithdraw(S)).as("20 % of 10 requests is 2 retries").isFalse();
    }

    @Test
    void theReserveLetsAQuietClientRetry() {
        RetryBudget budget = new RetryBudget(new RetryBudgetConfig(0.0, 1, Duration.ofSeconds(3)));
        assertThat(budget.available(0)).isEqualTo(3.0);
        assertThat(budget.tryWithdraw(0)).isTrue();
        assertThat(budget.tryWithdraw(0)).isTrue();
        assertThat(budget.tryWithdraw(0)).isTrue();
        assertThat(budget.tryWithdraw(0)).isFalse();
    }

    @Test
    void requestsAndRetriesStopCountingAfterTheTtl() {
        RetryBudget budget = new RetryBudget(new RetryBudgetConfig(50.0, 0, Duration.ofSeconds(10)));
        budget.deposit(0);
        budget.deposit(0);
        assertThat(budget.tryWithdraw(S)).isTrue();
        assertThat(budget.tryWithdraw(S)).isFalse();
        assertThat(budget.available(9 * S)).as("still inside the ttl: spent").isZero();
        budget.deposit(10 * S);
        budget.deposit(10 * S);
        assertThat(budget.available(10 * S)).as("the requests at 0 s expired, the retry at 1 s not yet").isZero();
        assertThat(budget.available(11 * S)).as("now the retry expired too").isEqualTo(1.0);
        assertThat(budget.available(21 * S)).isZero();
    }

    @Test
    void validatesItsConfiguration() {
        assertThatThrownBy(() -> new RetryBudgetConfig(101, 0, Duration.ofSeconds(1)))
                .hasMessage("percent must be between 0.0 and 100.0 but was 101.0");
        assertThatThrownBy(() -> new RetryBudgetConfig(1, -1, Duration.ofSeconds(1))).hasMessageContaining("minPerSecond");
        assertThatThrownBy(() -> new RetryBudgetConfig(1, 1, Duration.ofNanos(5))).hasMessage("ttl must be >= 1ms but was PT0.000000005S");
    }

    @Test
    void depositsFromManyThreadsAreNeverLost() throws Exception {
        RetryBudget budget = new RetryBudget(new RetryBudgetConfig(50.0, 0, Duration.ofSeconds(10)));
        int threads = 4;
        int each = 20_000;
        Threads.runTogether(threads, thread -> {
            for (int i = 0; i < each; i++) {
                budget.deposit(S + i % 3); // the same slice, read from several clocks
            }
        });
        assertThat(budget.available(S)).isEqualTo(threads * each * 0.5);
    }
}
