package io.tailguard.hedge;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.testing.Threads;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TokenBudgetTest {

    @Test
    void startsFullAndRefusesWhenLessThanOneTokenIsLeft() {
        TokenBudget budget = new TokenBudget(new HedgeBudget(0.5, 2));

        assertThat(budget.tryWithdraw()).isTrue();
        assertThat(budget.tryWithdraw()).isTrue();
        assertThat(budget.tryWithdraw()).isFalse();
        budget.deposit();
        assertThat(budget.tryWithdraw()).isFalse();
        budget.deposit();
        assertThat(budget.tryWithdraw()).isTrue();
    }

    @Test
    void depositsNeverRaiseTheBalanceAboveTheCap() {
        TokenBudget budget = new TokenBudget(new HedgeBudget(0.3, 3));
        for (int i = 0; i < 100; i++) {
            budget.deposit();
        }
        assertThat(budget.tokens()).isEqualTo(3.0);
    }

    @Test
    void concurrentWithdrawalsNeverExceedTheTokensDeposited() throws Exception {
        TokenBudget budget = new TokenBudget(new HedgeBudget(0.25, 5));
        int threads = 4;
        int perThread = 50_000;
        AtomicInteger granted = new AtomicInteger();
        Threads.runTogether(threads, thread -> {
            for (int i = 0; i < perThread; i++) {
                budget.deposit();
                if (budget.tryWithdraw()) {
                    granted.incrementAndGet();
                }
            }
        });
        int total = granted.get();
        // 5 initial tokens + a quarter token per deposit; what is left is still in the balance
        double deposited = 5 + 0.25 * threads * perThread;
        assertThat(total + budget.tokens()).isLessThanOrEqualTo(deposited);
        assertThat(total).isGreaterThan((int) (0.9 * 0.25 * threads * perThread));
    }
}
