package io.tailguard.hedge;

import io.tailguard.time.Cancellable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * Thread-safe state machine of one hedged call. State changes happen under this object's monitor;
 * user code (the supplier, the futures' callbacks, the retriable test) runs outside it, so an
 * attempt that completes synchronously re-enters safely.
 */
final class HedgedCall<T> implements BiConsumer<HedgeResult<T>, Throwable> {

    private final Hedger owner;
    private final HedgePolicy policy;
    private final Supplier<? extends CompletableFuture<? extends T>> supplier;
    private final CompletableFuture<HedgeResult<T>> result = new CompletableFuture<>();
    private final long startNanos;
    private final long delayNanos;
    private final CompletableFuture<?>[] attempts;

    // guarded by this
    private int started;
    private int failed;
    private boolean done;
    private boolean firstFailed;
    private boolean hedgingStopped;
    private int timerIndex = -1;
    private Cancellable hedgeTimer;
    private Cancellable timeoutTimer;

    HedgedCall(Hedger owner, Supplier<? extends CompletableFuture<? extends T>> supplier,
            long startNanos, long delayNanos) {
        this.owner = owner;
        this.policy = owner.policy();
        this.supplier = supplier;
        this.startNanos = startNanos;
        this.delayNanos = delayNanos;
        this.attempts = new CompletableFuture<?>[policy.maxAttempts()];
    }

    CompletableFuture<HedgeResult<T>> result() {
        return result;
    }

    void begin() {
        synchronized (this) {
            started = 1;
            timeoutTimer = owner.scheduler().schedule(owner.timeoutNanos(), this::onTimeout);
        }
        result.whenComplete(this);
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
        }
        if (cancelNow) {
            attempt.cancel(true);
            return;
        }
        attempt.whenComplete((value, error) -> onAttemptDone(index, value, error));
        synchronized (this) {
            armHedgeTimer();
        }
    }

    /** Schedules the timer of the next attempt if it is due before the timeout. Guarded by this. */
    private void armHedgeTimer() {
        if (done || hedgingStopped || started >= attempts.length || timerIndex == started
                || delayNanos == DelayEstimator.NEVER
                || delayNanos > (owner.timeoutNanos() - 1) / started) {
            return;
        }
        if (hedgeTimer != null) {
            hedgeTimer.cancel();
        }
        timerIndex = started;
        long dueNanos = startNanos + started * delayNanos;
        hedgeTimer = owner.scheduler().schedule(dueNanos - owner.clock().nanoTime(), this::onHedgeTimer);
    }

    private void onHedgeTimer() {
        int index;
        synchronized (this) {
            if (done || timerIndex != started) {
                return;
            }
            timerIndex = -1;
            hedgeTimer = null;
            if (!owner.tryStartExtra()) {
                hedgingStopped = true;
                return;
            }
            index = started++;
        }
        launch(index);
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
            result.complete(new HedgeResult<>(value, index + 1, attemptsStarted));
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
                timerIndex = -1;
                if (hedgeTimer != null) {
                    hedgeTimer.cancel();
                    hedgeTimer = null;
                }
            } else if (!retriable || failed == started) {
                done = true;
            } else {
                return; // other attempts are still running
            }
        }
        if (next >= 0) {
            launch(next);
        } else {
            result.completeExceptionally(cause);
        }
    }

    private void onTimeout() {
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
        result.completeExceptionally(new HedgeTimeoutException(owner.timeoutNanos(), attemptsStarted));
    }

    private void recordLatency(boolean record) {
        DelayEstimator estimator = owner.estimator();
        if (record && estimator.observes()) {
            estimator.record(owner.clock().nanoTime() - startNanos);
        }
    }

    /** Runs once the call's future completes, whoever completed it: cancels what is left. */
    @Override
    public void accept(HedgeResult<T> ignoredValue, Throwable ignoredError) {
        Cancellable hedge;
        Cancellable timeout;
        synchronized (this) {
            done = true;
            hedge = hedgeTimer;
            timeout = timeoutTimer;
            hedgeTimer = null;
            timeoutTimer = null;
        }
        if (hedge != null) {
            hedge.cancel();
        }
        if (timeout != null) {
            timeout.cancel();
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
