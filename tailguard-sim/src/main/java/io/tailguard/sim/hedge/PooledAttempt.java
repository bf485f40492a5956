package io.tailguard.sim.hedge;

import io.tailguard.sim.WorkerPool;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;

/**
 * Thread-safe future of one simulated attempt, handed to a backend's {@link WorkerPool} as its
 * work: done with a shared answer, abandoned once cancelled. Cancelling completes it with a
 * shared, stackless {@link CancellationException}: {@link #isCancelled()} still answers true, but
 * a losing hedge does not pay for a stack trace it would never show (it was a third of the
 * simulation's time).
 */
public final class PooledAttempt extends CompletableFuture<Object> implements WorkerPool.Work {

    private static final Object ANSWER = "ok";

    private static final CancellationException CANCELLED = new CancellationException("hedge lost") {
        private static final long serialVersionUID = 1L;

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    };

    @Override
    public boolean abandoned() {
        return isCancelled();
    }

    @Override
    public void done() {
        complete(ANSWER);
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        return completeExceptionally(CANCELLED) || isCancelled();
    }
}
