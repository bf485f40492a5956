package io.tailguard.hedge;

import io.tailguard.config.Check;
import io.tailguard.time.NanoClock;
import io.tailguard.time.Scheduler;
import io.tailguard.time.Timers;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Thread-safe executor of hedged calls. {@link #call} starts the first attempt at once and attempt
 * k + 1 at {@code k ×} the {@linkplain HedgePolicy#delay() delay} after it (or at once when every
 * attempt so far failed with a retriable error), while the {@linkplain HedgePolicy#budget() budget}
 * allows. The first success completes the call and cancels the other attempts; when every attempt
 * failed the call fails with the last error; at the timeout it fails with a
 * {@link HedgeTimeoutException} and cancels every attempt.
 *
 * <p>Timers run on the given {@link Scheduler}: {@link Scheduler#system()} in production, a
 * {@link io.tailguard.time.VirtualScheduler} in tests and the simulator. One hedger holds one
 * latency window and one budget; share it between the calls those should cover (one per backend
 * method, say).
 *
 * <pre>{@code
 * Hedger hedger = new Hedger(
 *         HedgePolicy.speculative(2, Duration.ofMillis(25), Duration.ofMillis(50))
 *                 .withBudget(HedgeBudget.of(0.05)),
 *         Scheduler.system());
 * hedger.call(() -> redis.getAsync(key))
 *         .thenAccept(result -> use(result.value()));
 * }</pre>
 */
public final class Hedger {

    // read by HedgedCall
    final HedgePolicy policy;
    final NanoClock clock;
    final Timers timers;
    final DelayEstimator estimator;
    final long timeoutNanos;
    private final TokenBudget budget;
    private final AtomicLong calls = new AtomicLong();
    private final AtomicLong extraAttempts = new AtomicLong();
    private final AtomicLong budgetDenials = new AtomicLong();
    private final AtomicLong hedgesWon = new AtomicLong();

    /** Creates a hedger running {@code policy} on {@code scheduler}. */
    public Hedger(HedgePolicy policy, Scheduler scheduler) {
        this.policy = Check.notNull("policy", policy);
        Check.notNull("scheduler", scheduler);
        this.clock = scheduler.clock();
        this.timers = scheduler.timers();
        this.estimator = DelayEstimator.of(policy.delay());
        this.budget = policy.budget().map(TokenBudget::new).orElse(null);
        this.timeoutNanos = policy.timeout().toNanos();
    }

    /**
     * Runs one hedged call. {@code attempt} is invoked once per attempt and must start independent
     * work each time; cancelling the future it returned must abandon that work. If it throws or
     * returns null, that attempt counts as failed with that error.
     *
     * @return the first success with the winning attempt and the number started; cancelling this
     *     future cancels every attempt
     */
    public <T> CompletableFuture<HedgeResult<T>> call(
            Supplier<? extends CompletableFuture<? extends T>> attempt) {
        Check.notNull("attempt", attempt);
        calls.incrementAndGet();
        if (budget != null) {
            budget.deposit();
        }
        HedgedCall<T> call = new HedgedCall<>(this, attempt, estimator.delayNanos());
        call.begin();
        return call;
    }

    /**
     * Opens a call that the caller drives itself, on its own timers, instead of {@link #call}: a
     * decision path that must stay a state machine. It counts the call and credits the budget as
     * {@link #call} does.
     *
     * @return the delay before an extra attempt, or {@link Long#MAX_VALUE} while a percentile delay
     *     has not seen enough calls to engage
     */
    public long openCall() {
        calls.incrementAndGet();
        if (budget != null) {
            budget.deposit();
        }
        return estimator.delayNanos();
    }

    /**
     * Takes budget for one extra attempt of a call and counts it; false if the budget is spent. A
     * call opened with {@link #openCall} asks before each attempt beyond the first.
     */
    public boolean tryExtraAttempt() {
        if (budget != null && !budget.tryWithdraw()) {
            budgetDenials.incrementAndGet();
            return false;
        }
        extraAttempts.incrementAndGet();
        return true;
    }

    /**
     * Closes a call opened with {@link #openCall} that got an answer: {@code firstAttemptNanos} is
     * the first attempt's latency, or a lower bound of it when another attempt won
     * ({@code wonByExtra}).
     */
    public void closeCall(long firstAttemptNanos, boolean wonByExtra) {
        if (estimator.observes()) {
            estimator.record(firstAttemptNanos);
        }
        if (wonByExtra) {
            hedgeWon();
        }
    }

    /** Returns the policy this hedger runs. */
    public HedgePolicy policy() {
        return policy;
    }

    /**
     * Returns the delay between attempts a call starting now would use, in nanoseconds, or
     * {@link Long#MAX_VALUE} while a percentile delay has not seen enough calls to engage.
     */
    public long currentDelayNanos() {
        return estimator.delayNanos();
    }

    /** Returns what this hedger has counted so far. */
    public HedgeStats stats() {
        return new HedgeStats(calls.get(), extraAttempts.get(), budgetDenials.get(), hedgesWon.get());
    }

    /** Counts a call won by an attempt other than the first. */
    void hedgeWon() {
        hedgesWon.incrementAndGet();
    }
}
