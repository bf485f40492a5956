package io.tailguard.hedge;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
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
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Integer>> granted = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                granted.add(pool.submit(() -> {
                    start.await();
                    int mine = 0;
                    for (int i = 0; i < perThread; i++) {
                        budget.deposit();
                        if (budget.tryWithdraw()) {
                            mine++;
                        }
                    }
                    return mine;
                }));
            }
            start.countDown();
            int total = 0;
            for (Future<Integer> future : granted) {
                total += future.get();
            }
            // 5 initial tokens + a quarter token per deposit; what is left is still in the balance
            double deposited = 5 + 0.25 * threads * perThread;
            assertThat(total + budget.tokens()).isLessThanOrEqualTo(deposited);
            assertThat(total).isGreaterThan((int) (0.9 * 0.25 * threads * perThread));
        } finally {
            pool.shutdownNow();
        }
    }
}
