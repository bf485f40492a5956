package io.tailguard.hedge;

import io.tailguard.time.Cancellable;
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
 * the timeout, otherwise the timeout. A first attempt that answers before the delay costs one
 * schedule and one cancel; one that completes inside the supplier costs no timer at all.
 *
 * <p>The call is its own result future: however it ends — success, failure, timeout, or the
 * caller cancelling or completing it — the timer and the other attempts are cancelled first. Being
 * the future saves a dependent future per call, and the stack trace of the
 * {@link CompletionException} such a dependent would create for every timeout.
 */
final class HedgedCall<T> extends CompletableFuture<HedgeResult<T>> {

    private static final int TIMEOUT = -1;

    private final Hedger owner;
    private final HedgePolicy policy;
    private final Supplier<? extends CompletableFuture<? extends T>> supplier;
    private final long startNanos;
    private final long delayNanos;
    private final long timeoutNanos;
    private final CompletableFuture<?>[] attempts;

    // guarded by this
    private int started;
    private int failed;
    private boolean done;
    private boolean firstFailed;
    private boolean hedgingStopped;
    private int timerEvent;
    private long timerSequence;
    private Cancellable timer;

    HedgedCall(Hedger owner, Supplier<? extends CompletableFuture<? extends T>> supplier,
            long startNanos, long delayNanos) {
        this.owner = owner;
        this.policy = owner.policy();
        this.supplier = supplier;
        this.startNanos = startNanos;
        this.delayNanos = delayNanos;
        this.timeoutNanos = owner.timeoutNanos();
        this.attempts = new CompletableFuture<?>[policy.maxAttempts()];
        this.started = 1; // safely published: no other thread sees this call before begin()
    }

    void begin() {
        launch(0);
    }

    private void launch(int index) {
        CompletableFuture<? extends T> attempt;
        try {
            attempt = supplier.get();
            if (attempt == null) {
                attempt = CompletableFuture.failedFuture(
                        new NullPointerException("attempt supplier returned null"));
            }
        } catch (RuntimeException | Error e) {
            attempt = CompletableFuture.failedFuture(e);
        }
        boolean cancelNow;
        synchronized (this) {
            attempts[index] = attempt;
            cancelNow = done;
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

    /**
     * Points the timer at the next event: attempt {@code started + 1} if it is due before the
     * timeout and may still start, else the timeout. Guarded by this.
     */
    private void arm() {
        if (done) {
            return;
        }
        int event = TIMEOUT;
        long offsetNanos = timeoutNanos;
        if (!hedgingStopped && started < attempts.length && delayNanos != DelayEstimator.NEVER
                && delayNanos <= (timeoutNanos - 1) / started) {
            event = started;
            offsetNanos = started * delayNanos;
        }
        if (timer != null) {
            if (timerEvent == event) {
                return;
            }
            timer.cancel();
        }
        timerEvent = event;
        long sequence = ++timerSequence;
        long dueNanos = startNanos + offsetNanos;
        timer = owner.scheduler().schedule(dueNanos - owner.clock().nanoTime(), () -> onTimer(sequence));
    }

    /** Timer {@code sequence} fired: start the next attempt, or time out. */
    private void onTimer(long sequence) {
        int index;
        synchronized (this) {
            if (done || sequence != timerSequence) {
                return; // a replaced timer that lost the race to its cancellation
            }
            timer = null;
            if (timerEvent == TIMEOUT) {
                done = true;
                index = TIMEOUT;
            } else if (!owner.tryStartExtra()) {
                hedgingStopped = true;
                arm();
                return;
            } else {
                index = started++;
            }
        }
        if (index == TIMEOUT) {
            timeOut();
        } else {
            launch(index);
        }
    }

    private void onAttemptDone(int index, T value, Throwable error) {
        if (error == null) {
            int attemptsStarted;
            boolean record;
            synchronized (this) {
                if (done) {
                    return;
                }
                done = true;
                attemptsStarted = started;
                record = !firstFailed;
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
        boolean retriable = !(cause instanceof CancellationException) && policy.retriable().test(cause);
        int next = -1;
        synchronized (this) {
            if (done) {
                return;
            }
            failed++;
            firstFailed |= index == 0;
            if (retriable && failed == started && started < attempts.length && owner.tryStartExtra()) {
                next = started++;
            } else if (!retriable || failed == started) {
                done = true;
            } else {
                arm(); // other attempts are still running; the next one may still be due
                return;
            }
        }
        if (next >= 0) {
            launch(next);
        } else {
            cleanUp();
            super.completeExceptionally(cause);
        }
    }

    private void timeOut() {
        boolean record;
        int attemptsStarted;
        synchronized (this) {
            record = !firstFailed;
            attemptsStarted = started;
        }
        recordLatency(record);
        cleanUp();
        super.completeExceptionally(new HedgeTimeoutException(timeoutNanos, attemptsStarted));
    }

    private void recordLatency(boolean record) {
        DelayEstimator estimator = owner.estimator();
        if (record && estimator.observes()) {
            estimator.record(owner.clock().nanoTime() - startNanos);
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
        Cancellable pending;
        synchronized (this) {
            done = true;
            pending = timer;
            timer = null;
        }
        if (pending != null) {
            pending.cancel();
        }
        // attempts[] is no longer written once done is set under the monitor
        for (CompletableFuture<?> attempt : attempts) {
            if (attempt != null) {
                attempt.cancel(true);
            }
        }
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
