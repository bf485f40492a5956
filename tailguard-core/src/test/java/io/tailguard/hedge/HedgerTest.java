package io.tailguard.hedge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.hedge.ScriptedBackend.Step;
import io.tailguard.time.VirtualScheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class HedgerTest {

    private final VirtualScheduler scheduler = new VirtualScheduler();

    private static HedgePolicy speculative(int attempts, long patienceMillis, long timeoutMillis) {
        return HedgePolicy.speculative(attempts, Duration.ofMillis(patienceMillis),
                Duration.ofMillis(timeoutMillis));
    }

    /** A backend whose attempts each answer "a", "b", ... after 500 ms, far beyond every test's patience. */
    private ScriptedBackend slowBackend(int attempts) {
        Step[] steps = new Step[attempts];
        for (int i = 0; i < attempts; i++) {
            steps[i] = Step.ok(500, String.valueOf((char) ('a' + i)));
        }
        return new ScriptedBackend(scheduler, steps);
    }

    /** Calls a backend slower than every attempt's patience and returns when each attempt started in the first 100 ms. */
    private List<Long> startsOfASlowCall(HedgePolicy policy) {
        ScriptedBackend backend = slowBackend(policy.maxAttempts());
        new Hedger(policy, scheduler).call(backend);
        scheduler.advance(Duration.ofMillis(100));
        return backend.startMillis();
    }

    @Test
    void seedTestSecondAttemptWinsAfterFirstFailsAndThirdNeverStarts() throws Exception {
        ScriptedBackend backend = new ScriptedBackend(scheduler,
                Step.fail(1, new RuntimeException("attempt 1")),
                Step.ok(1, "result2"),
                Step.ok(100, "result3"));
        Hedger hedger = new Hedger(speculative(3, 30, 300), scheduler);

        CompletableFuture<HedgeResult<String>> call = hedger.call(backend);
        scheduler.advance(Duration.ofMillis(250));

        assertThat(call).isCompleted();
        assertThat(call.get()).isEqualTo(new HedgeResult<>("result2", 2, 2));
        assertThat(backend.startMillis()).containsExactly(0L, 1L);
        assertThat(scheduler.pendingCount()).isZero();
    }

    @Test
    void hedgeStartsAfterPatienceAndFirstSuccessCancelsTheOther() throws Exception {
        ScriptedBackend backend = new ScriptedBackend(scheduler,
                Step.ok(200, "slow"), Step.ok(10, "fast"));
        Hedger hedger = new Hedger(speculative(2, 25, 300), scheduler);

        CompletableFuture<HedgeResult<String>> call = hedger.call(backend);
        scheduler.advance(Duration.ofMillis(24));
        assertThat(backend.startMillis()).containsExactly(0L);
        scheduler.advance(Duration.ofMillis(1));
        assertThat(backend.startMillis()).containsExactly(0L, 25L);
        scheduler.advance(Duration.ofMillis(9));
        assertThat(call).isNotDone();
        scheduler.advance(Duration.ofMillis(1));

        assertThat(call.get()).isEqualTo(new HedgeResult<>("fast", 2, 2));
        assertThat(backend.cancelled(0)).isTrue();
        assertThat(scheduler.pendingCount()).isZero();
        assertThat(hedger.stats().extraAttempts()).isEqualTo(1);
        assertThat(hedger.stats().hedgesWon()).isEqualTo(1);
        assertThat(hedger.stats().calls()).isEqualTo(1);
    }

    @Test
    void attemptKStartsKTimesTheDelayAfterTheFirst() {
        assertThat(startsOfASlowCall(speculative(4, 20, 1000))).containsExactly(0L, 20L, 40L, 60L);
    }

    @Test
    void fastFirstAttemptNeverHedgesAndLeavesNoTimers() throws Exception {
        ScriptedBackend backend = new ScriptedBackend(scheduler, Step.ok(5, "quick"));
        Hedger hedger = new Hedger(speculative(3, 25, 50), scheduler);

        CompletableFuture<HedgeResult<String>> call = hedger.call(backend);
        scheduler.advance(Duration.ofMillis(5));

        assertThat(call.get()).isEqualTo(new HedgeResult<>("quick", 1, 1));
        assertThat(scheduler.pendingCount()).isZero();
        assertThat(hedger.stats().extraAttempts()).isZero();
        assertThat(hedger.stats().hedgesWon()).isZero();
    }

    @Test
    void allAttemptsFailingFailsWithTheLastError() {
        RuntimeException last = new IllegalStateException("third");
        ScriptedBackend backend = new ScriptedBackend(scheduler,
                Step.fail(40, new RuntimeException("first")),
                Step.fail(30, new RuntimeException("second")),
                Step.fail(5, last));
        Hedger hedger = new Hedger(speculative(3, 25, 300), scheduler);

        CompletableFuture<HedgeResult<String>> call = hedger.call(backend);
        scheduler.advance(Duration.ofMillis(300));

        // second starts at 25 (patience), first fails at 40 while the second runs, third starts at
        // 50 (patience), second fails at 55, third fails at 55: the call fails with the third's error
        assertThat(backend.startMillis()).containsExactly(0L, 25L, 50L);
        assertThatThrownBy(call::get).isInstanceOf(ExecutionException.class).cause().isSameAs(last);
        assertThat(scheduler.pendingCount()).isZero();
    }

    @Test
    void failureOfEveryRunningAttemptStartsTheNextAtOnce() {
        ScriptedBackend backend = new ScriptedBackend(scheduler,
                Step.fail(3, new RuntimeException("first")),
                Step.fail(4, new RuntimeException("second")),
                Step.ok(100, "third"));
        Hedger hedger = new Hedger(speculative(3, 30, 300), scheduler);

        hedger.call(backend);
        scheduler.advance(Duration.ofMillis(10));

        assertThat(backend.startMillis()).containsExactly(0L, 3L, 7L);
    }

    @Test
    void hedgeThatFailsInsideTheSupplierWhileTheFirstRunsKeepsTheNextHedgeOnSchedule()
            throws Exception {
        ScriptedBackend backend = new ScriptedBackend(scheduler, Step.ok(100, "first"), Step.ok(5, "third"));
        List<Long> startMillis = new ArrayList<>();
        Supplier<CompletableFuture<String>> supplier = () -> {
            startMillis.add(scheduler.clock().nanoTime() / 1_000_000);
            return startMillis.size() == 2
                    ? CompletableFuture.failedFuture(new RuntimeException("refused"))
                    : backend.get();
        };
        Hedger hedger = new Hedger(speculative(3, 10, 300), scheduler);

        CompletableFuture<HedgeResult<String>> call = hedger.call(supplier);
        scheduler.advance(Duration.ofMillis(30));

        assertThat(startMillis).containsExactly(0L, 10L, 20L);
        assertThat(call.get()).isEqualTo(new HedgeResult<>("third", 3, 3));
    }

    @Test
    void nonRetriableErrorFailsAtOnceAndCancelsTheRest() {
        IllegalArgumentException fatal = new IllegalArgumentException("bad request");
        ScriptedBackend backend = new ScriptedBackend(scheduler,
                Step.ok(100, "slow"), Step.fail(2, fatal));
        Hedger hedger = new Hedger(speculative(3, 10, 300)
                .withRetriable(error -> !(error instanceof IllegalArgumentException)), scheduler);

        CompletableFuture<HedgeResult<String>> call = hedger.call(backend);
        scheduler.advance(Duration.ofMillis(12));

        assertThatThrownBy(call::get).cause().isSameAs(fatal);
        assertThat(backend.cancelled(0)).isTrue();
        assertThat(backend.startMillis()).containsExactly(0L, 10L);
        assertThat(scheduler.pendingCount()).isZero();
    }

    @Test
    void allSlowTimesOutAndCancelsEveryAttempt() {
        ScriptedBackend backend = slowBackend(3);
        Hedger hedger = new Hedger(speculative(3, 20, 50), scheduler);

        CompletableFuture<HedgeResult<String>> call = hedger.call(backend);
        scheduler.advance(Duration.ofMillis(49));
        assertThat(call).isNotDone();
        scheduler.advance(Duration.ofMillis(1));

        assertThatThrownBy(call::get).cause().isInstanceOf(HedgeTimeoutException.class)
                .satisfies(e -> assertThat(((HedgeTimeoutException) e).attemptsStarted()).isEqualTo(3));
        assertThat(backend.startMillis()).containsExactly(0L, 20L, 40L);
        assertThat(backend.cancelled(0)).isTrue();
        assertThat(backend.cancelled(1)).isTrue();
        assertThat(backend.cancelled(2)).isTrue();
        assertThat(scheduler.pendingCount()).isZero();
    }

    @Test
    void attemptDueAtTheTimeoutIsNeverStarted() {
        assertThat(startsOfASlowCall(speculative(3, 25, 50))).containsExactly(0L, 25L);
    }

    @Test
    void exhaustedBudgetStopsHedging() throws Exception {
        // one token to start with, and a tenth of a token per call
        Hedger hedger = new Hedger(speculative(2, 10, 300).withBudget(new HedgeBudget(0.1, 1)),
                scheduler);

        ScriptedBackend first = new ScriptedBackend(scheduler, Step.ok(50, "a1"), Step.ok(5, "b1"));
        CompletableFuture<HedgeResult<String>> hedged = hedger.call(first);
        ScriptedBackend second = new ScriptedBackend(scheduler, Step.ok(50, "a2"), Step.ok(5, "b2"));
        CompletableFuture<HedgeResult<String>> unhedged = hedger.call(second);
        scheduler.advance(Duration.ofMillis(100));

        assertThat(hedged.get()).isEqualTo(new HedgeResult<>("b1", 2, 2));
        assertThat(unhedged.get()).isEqualTo(new HedgeResult<>("a2", 1, 1));
        assertThat(second.startMillis()).containsExactly(0L);
        assertThat(hedger.stats().budgetDenials()).isEqualTo(1);
        assertThat(hedger.stats().extraAttempts()).isEqualTo(1);
    }

    @Test
    void budgetCapsExtraAttemptsAtItsShareOfCalls() {
        Hedger hedger = new Hedger(speculative(2, 10, 300).withBudget(new HedgeBudget(0.05, 1)),
                scheduler);

        for (int i = 0; i < 1000; i++) {
            hedger.call(new ScriptedBackend(scheduler, Step.ok(50, "slow"), Step.ok(50, "slow")));
            scheduler.advance(Duration.ofMillis(1));
        }
        scheduler.runUntilIdle();

        // the first hedge is due at 10 ms; calls 1-10 (0-9 ms) deposit into a full budget and their
        // share is lost, so: 1 initial token + 990 calls × 0.05 = 50.5 tokens -> 50 hedges
        assertThat(hedger.stats().extraAttempts()).isEqualTo(50);
        assertThat(hedger.stats().budgetDenials()).isEqualTo(1000 - 50);
    }

    @Test
    void budgetAlsoLimitsAttemptsStartedAfterFailures() {
        RuntimeException error = new RuntimeException("down");
        Hedger hedger = new Hedger(speculative(3, 10, 300).withBudget(new HedgeBudget(0.01, 1)),
                scheduler);
        hedger.call(new ScriptedBackend(scheduler, Step.fail(1, error), Step.fail(1, error),
                Step.ok(1, "never")));

        ScriptedBackend backend = new ScriptedBackend(scheduler,
                Step.fail(1, error), Step.ok(1, "retry"));
        CompletableFuture<HedgeResult<String>> call = hedger.call(backend);
        scheduler.advance(Duration.ofMillis(20));

        assertThatThrownBy(call::get).cause().isSameAs(error);
        assertThat(backend.startMillis()).containsExactly(0L);
    }

    @Test
    void singleAttemptPolicyOnlyAppliesTheTimeout() {
        ScriptedBackend backend = new ScriptedBackend(scheduler, Step.ok(80, "late"));
        Hedger hedger = new Hedger(speculative(1, 10, 50), scheduler);

        CompletableFuture<HedgeResult<String>> call = hedger.call(backend);
        scheduler.advance(Duration.ofMillis(100));

        assertThatThrownBy(call::get).cause().isInstanceOf(HedgeTimeoutException.class);
        assertThat(backend.startMillis()).containsExactly(0L);
    }

    @Test
    void cancellingTheCallCancelsItsAttemptsAndTimers() {
        ScriptedBackend backend = new ScriptedBackend(scheduler, Step.ok(80, "a"), Step.ok(80, "b"));
        Hedger hedger = new Hedger(speculative(3, 10, 300), scheduler);

        CompletableFuture<HedgeResult<String>> call = hedger.call(backend);
        scheduler.advance(Duration.ofMillis(15));
        call.cancel(true);

        assertThat(backend.cancelled(0)).isTrue();
        assertThat(backend.cancelled(1)).isTrue();
        assertThat(scheduler.pendingCount()).isZero();
    }

    @Test
    void callerCompletingTheCallAlsoCancelsItsAttemptsAndTimers() throws Exception {
        ScriptedBackend backend = new ScriptedBackend(scheduler, Step.ok(80, "a"), Step.ok(80, "b"));
        Hedger hedger = new Hedger(speculative(3, 10, 300), scheduler);

        CompletableFuture<HedgeResult<String>> call = hedger.call(backend);
        scheduler.advance(Duration.ofMillis(15));
        call.complete(new HedgeResult<>("fallback", 0, 0));

        assertThat(call.get().value()).isEqualTo("fallback");
        assertThat(backend.cancelled(0)).isTrue();
        assertThat(backend.cancelled(1)).isTrue();
        assertThat(scheduler.pendingCount()).isZero();
    }

    @Test
    void supplierThatThrowsCountsAsAFailedAttempt() throws Exception {
        int[] calls = {0};
        Hedger hedger = new Hedger(speculative(2, 10, 300), scheduler);

        CompletableFuture<HedgeResult<String>> call = hedger.call(() -> {
            if (calls[0]++ == 0) {
                throw new IllegalStateException("no connection");
            }
            return CompletableFuture.completedFuture("second");
        });

        assertThat(call.get()).isEqualTo(new HedgeResult<>("second", 2, 2));
    }

    @Test
    void percentileDelayWaitsForEnoughSamplesThenFollowsTheLatency() {
        HedgePolicy policy = speculative(2, 1, 1000)
                .withDelay(new HedgeDelay.Percentile(90, 100, 20, Duration.ofMillis(1)));
        Hedger hedger = new Hedger(policy, scheduler);
        assertThat(hedger.currentDelayNanos()).isEqualTo(Long.MAX_VALUE);

        for (int i = 1; i <= 20; i++) {
            ScriptedBackend backend = new ScriptedBackend(scheduler, Step.ok(i, "v"));
            hedger.call(backend);
            scheduler.runUntilIdle();
            assertThat(backend.startMillis()).hasSize(1);
        }

        assertThat(hedger.currentDelayNanos()).isEqualTo(Duration.ofMillis(18).toNanos());
    }

    @Test
    void percentileDelayFollowsTheBackendWhenItSlowsDown() {
        HedgePolicy policy = speculative(2, 1, 5000)
                .withDelay(new HedgeDelay.Percentile(90, 100, 20, Duration.ofMillis(1)));
        Hedger hedger = new Hedger(policy, scheduler);
        // 200 calls of 1..10 ms (p90 = 9 ms), then 200 calls of 100..190 ms, one call at a time
        for (int i = 0; i < 200; i++) {
            hedger.call(new ScriptedBackend(scheduler, Step.ok(1 + i % 10, "fast"), Step.ok(1, "hedge")));
            scheduler.runUntilIdle();
        }
        assertThat(hedger.currentDelayNanos()).isEqualTo(Duration.ofMillis(9).toNanos());
        long hedgesBefore = hedger.stats().extraAttempts();

        for (int i = 0; i < 200; i++) {
            hedger.call(new ScriptedBackend(scheduler, Step.ok(100 + 10 * (i % 10), "slow"),
                    Step.ok(1_000, "slower hedge")));
            scheduler.runUntilIdle();
        }

        // the window now holds only slow calls; each recorded at its true latency because the
        // hedge never wins, so p90 of 100..190 ms is 180 ms
        assertThat(hedger.currentDelayNanos()).isEqualTo(Duration.ofMillis(180).toNanos());
        // while the delay caught up every slow call hedged; then only those slower than p90 do
        ScriptedBackend late = new ScriptedBackend(scheduler, Step.ok(170, "late"), Step.ok(1, "hedge"));
        hedger.call(late);
        scheduler.runUntilIdle();
        assertThat(late.startMillis()).hasSize(1);
        assertThat(hedger.stats().extraAttempts()).isGreaterThan(hedgesBefore);
    }
}
