package io.tailguard.hedge;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.time.Cancellable;
import io.tailguard.time.NanoClock;
import io.tailguard.time.Scheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class HedgerConcurrencyTest {

    /**
     * Timers fire at once on pool threads while attempts answer on other pool threads, and every
     * clock reading moves time on by 1 ms: hedges, timeouts and answers race freely. Whatever wins,
     * each call ends exactly once and the counts of started attempts agree everywhere.
     */
    @Test
    void racingTimersAndAnswersKeepTheBookkeepingExact() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            AtomicLong ticks = new AtomicLong();
            NanoClock clock = () -> ticks.addAndGet(1_000_000L);
            Scheduler racing = new Scheduler() {
                @Override
                public NanoClock clock() {
                    return clock;
                }

                @Override
                public Cancellable schedule(long delayNanos, Runnable task) {
                    CompletableFuture<Void> run = CompletableFuture.runAsync(task, pool);
                    return () -> run.cancel(false);
                }
            };
            Hedger hedger = new Hedger(HedgePolicy.speculative(3, Duration.ofMillis(2), Duration.ofMillis(40))
                    .withBudget(new HedgeBudget(0.5, 20)), racing);
            int calls = 3000;
            List<CompletableFuture<HedgeResult<Integer>>> results = new ArrayList<>();
            List<AtomicInteger> supplied = new ArrayList<>();
            for (int i = 0; i < calls; i++) {
                AtomicInteger count = new AtomicInteger();
                supplied.add(count);
                results.add(hedger.call(() -> {
                    int attempt = count.incrementAndGet();
                    return CompletableFuture.supplyAsync(() -> attempt, pool);
                }));
            }

            long extra = 0;
            int timedOut = 0;
            for (int i = 0; i < calls; i++) {
                int attemptsStarted;
                try {
                    HedgeResult<Integer> result = results.get(i).get(30, TimeUnit.SECONDS);
                    attemptsStarted = result.attemptsStarted();
                    assertThat(result.winningAttempt()).isBetween(1, attemptsStarted);
                    assertThat(result.value()).isEqualTo(result.winningAttempt());
                } catch (ExecutionException e) {
                    assertThat(e.getCause()).isInstanceOf(HedgeTimeoutException.class);
                    attemptsStarted = ((HedgeTimeoutException) e.getCause()).attemptsStarted();
                    timedOut++;
                }
                assertThat(attemptsStarted).isBetween(1, 3);
                assertThat(supplied.get(i).get()).isEqualTo(attemptsStarted);
                extra += attemptsStarted - 1;
            }
            assertThat(timedOut).isLessThan(calls);
            assertThat(hedger.stats().extraAttempts()).isEqualTo(extra);
            // the budget: 20 tokens to start with plus half a token per call
            assertThat(extra).isLessThanOrEqualTo(20 + calls / 2);
        } finally {
            pool.shutdownNow();
        }
    }
}
