package io.tailguard.hedge;

import io.tailguard.time.TimerHandler;
import io.tailguard.time.TimerWheel;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;

/**
 * Thread-safe state machine of one hedged call. State changes happen under this object's monitor;
 * user code (the supplier, the futures' callbacks, the retriable test) runs outside it, so an
 * attempt that completes synchronously re-enters safely.
 *
 * <p>A call holds at most one timer, for its next event: the next attempt while one is due before
 * the timeout, otherwise the timeout. The call is the timer's handler and names it by id, so a
 * timer costs no allocation on the wheel scheduler, and a replaced timer that fires anyway is known
 * by its stale id. A first attempt that answers before the delay costs one start and one cancel;
 * one that completes inside the supplier costs no timer, no lock and no clock read (the call's
 * times count from the first clock read, made before the supplier when a percentile delay needs
 * the latency, else when the first timer is armed).
 *
 * <p>The call is its own result future: however it ends — success, failure, timeout, or the
 * caller cancelling or completing it — the timer and the other attempts are cancelled first. Being
 * the future saves a dependent future per call, and the stack trace of the
 * {@link CompletionException} such a dependent would create for every timeout. Its fields are
 * kept few (flags and counters in bytes) because the call is most of what a fast call allocates.
 */
final class HedgedCall<T> extends CompletableFuture<HedgeResult<T>> implements TimerHandler {

    private static final byte TIMEOUT = -1;
    private static final byte DONE = 1;
    private static final byte FIRST_FAILED = 2;
    private static final byte HEDGING_STOPPED = 4;
    private static final byte START_KNOWN = 8;

    private final Hedger owner;
    private final Supplier<? extends CompletableFuture<? extends T>> supplier;
    private final long delayNanos;

    // guarded by this once begin() has handed the call to another thread
    private long startNanos;
    private long timerId = TimerWheel.NO_TIMER;
    private CompletableFuture<?> first;
    private CompletableFuture<?>[] others;
    private byte started;
    private byte failed;
    private byte timerEvent;
    private byte flags;

    HedgedCall(Hedger owner, Supplier<? extends CompletableFuture<? extends T>> supplier, long delayNanos) {
        this.owner = owner;
        this.supplier = supplier;
        this.delayNanos = delayNanos;
        this.started = 1; // safely published: no other thread sees this call before begin()
    }

    void begin() {
        if (owner.estimator.observes()) {
            startNanos = owner.clock.nanoTime();
            flags |= START_KNOWN;
        }
        CompletableFuture<? extends T> attempt = supply();
        if (attempt.isDone() && !attempt.isCompletedExceptionally()) {
            // no other thread has seen this call: no timer, no other attempt, nothing to lock
            T value = attempt.join();
            flags |= DONE;
            first = attempt;
            recordLatency(true);
            super.complete(new HedgeResult<>(value, 1, 1));
            return;
        }
        settle(0, attempt);
    }

    private CompletableFuture<? extends T> supply() {
        try {
            CompletableFuture<? extends T> attempt = supplier.get();
            return attempt != null ? attempt
                    : CompletableFuture.failedFuture(new NullPointerException("attempt supplier returned null"));
        } catch (RuntimeException | Error e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private void settle(int index, CompletableFuture<? extends T> attempt) {
        boolean cancelNow;
        synchronized (this) {
            store(index, attempt);
            cancelNow = is(DONE);
            if (!cancelNow && !attempt.isDone()) {
                arm(); // an attempt already done needs no timer unless it failed (see onAttemptDone)
            }
        }
        if (cancelNow) {
            attempt.cancel(true);
            return;
        }
        attempt.whenComplete((value, error) -> onAttemptDone(index, value, error));
    }

    private void store(int index, CompletableFuture<?> attempt) {
        if (index == 0) {
            first = attempt;
            return;
        }
        if (others == null) {
            others = new CompletableFuture<?>[owner.policy.maxAttempts() - 1];
        }
        others[index - 1] = attempt;
    }

    /**
     * Points the timer at the next event: attempt {@code started + 1} if it is due before the
     * timeout and may still start, else the timeout. Guarded by this.
     */
    private void arm() {
        if (is(DONE)) {
            return;
        }
        long timeoutNanos = owner.timeoutNanos;
        byte event = TIMEOUT;
        long offsetNanos = timeoutNanos;
        if (!is(HEDGING_STOPPED) && started < owner.policy.maxAttempts() && delayNanos != DelayEstimator.NEVER
                && delayNanos <= (timeoutNanos - 1) / started) {
            event = started;
            offsetNanos = started * delayNanos;
        }
        if (timerId != TimerWheel.NO_TIMER) {
            if (timerEvent == event) {
                return;
            }
            owner.timers.cancel(timerId);
        }
        if (!is(START_KNOWN)) {
            startNanos = owner.clock.nanoTime();
            flags |= START_KNOWN;
        }
        timerEvent = event;
        timerId = owner.timers.start(startNanos + offsetNanos, this);
    }

    /** Timer {@code firedId} fell due: start the next attempt, or time out. */
    @Override
    public void onTimer(long firedId) {
        int index;
        synchronized (this) {
            if (is(DONE) || firedId != timerId) {
                return; // a replaced timer that lost the race to its cancellation
            }
            timerId = TimerWheel.NO_TIMER;
            if (timerEvent == TIMEOUT) {
                flags |= DONE;
                index = TIMEOUT;
            } else if (!owner.tryExtraAttempt()) {
                flags |= HEDGING_STOPPED;
                arm();
                return;
            } else {
                index = started++;
            }
        }
        if (index == TIMEOUT) {
            timeOut();
        } else {
            settle(index, supply());
        }
    }

    private void onAttemptDone(int index, T value, Throwable error) {
        if (error == null) {
            int attemptsStarted;
            boolean record;
            synchronized (this) {
                if (is(DONE)) {
                    return;
                }
                flags |= DONE;
                attemptsStarted = started;
                record = !is(FIRST_FAILED);
            }
            recordLatency(record);
            if (index > 0) {
                owner.hedgeWon();
            }
            cleanUp();
            super.complete(new HedgeResult<>(value, index + 1, attemptsStarted));
            return;
        }
        Throwable cause = unwrap(error);
        boolean retriable = !(cause instanceof CancellationException) && owner.policy.retriable().test(cause);
        int next = -1;
        synchronized (this) {
            if (is(DONE)) {
                return;
            }
            failed++;
            if (index == 0) {
                flags |= FIRST_FAILED;
            }
            if (retriable && failed == started && started < owner.policy.maxAttempts() && owner.tryExtraAttempt()) {
                next = started++;
            } else if (!retriable || failed == started) {
                flags |= DONE;
            } else {
                arm(); // other attempts are still running; the next one may still be due
                return;
            }
        }
        if (next >= 0) {
            settle(next, supply());
        } else {
            cleanUp();
            super.completeExceptionally(cause);
        }
    }

    private void timeOut() {
        boolean record;
        int attemptsStarted;
        synchronized (this) {
            record = !is(FIRST_FAILED);
            attemptsStarted = started;
        }
        recordLatency(record);
        cleanUp();
        super.completeExceptionally(new HedgeTimeoutException(owner.timeoutNanos, attemptsStarted));
    }

    private void recordLatency(boolean record) {
        DelayEstimator estimator = owner.estimator;
        if (record && estimator.observes()) {
            estimator.record(owner.clock.nanoTime() - startNanos);
        }
    }

    /** Cancels every attempt and the timer, then cancels the call. */
    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        cleanUp();
        return super.cancel(mayInterruptIfRunning);
    }

    /** Ends the call with {@code value} from outside; its attempts and timer are cancelled. */
    @Override
    public boolean complete(HedgeResult<T> value) {
        cleanUp();
        return super.complete(value);
    }

    /** Ends the call with {@code error} from outside; its attempts and timer are cancelled. */
    @Override
    public boolean completeExceptionally(Throwable error) {
        cleanUp();
        return super.completeExceptionally(error);
    }

    /** Marks the call done and cancels what is left: the timer and every attempt. Idempotent. */
    private void cleanUp() {
        long pending;
        CompletableFuture<?> firstAttempt;
        CompletableFuture<?>[] otherAttempts;
        synchronized (this) {
            flags |= DONE;
            pending = timerId;
            timerId = TimerWheel.NO_TIMER;
            // no attempt is stored once DONE is set under the monitor
            firstAttempt = first;
            otherAttempts = others;
        }
        if (pending != TimerWheel.NO_TIMER) {
            owner.timers.cancel(pending);
        }
        if (firstAttempt != null) {
            firstAttempt.cancel(true);
        }
        if (otherAttempts != null) {
            for (CompletableFuture<?> attempt : otherAttempts) {
                if (attempt != null) {
                    attempt.cancel(true);
                }
            }
        }
    }

    private boolean is(byte flag) {
        return (flags & flag) != 0;
    }

    private static Throwable unwrap(Throwable error) {
        Throwable cause = error;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }
}
