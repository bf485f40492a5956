package io.tailguard.lab.hedging;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;

/**
 * Thread-safe future of one simulated attempt whose cancellation completes it with a shared,
 * stackless {@link CancellationException}: {@link #isCancelled()} still answers true, but a
 * losing hedge does not pay for a stack trace it would never show (it was a third of the
 * simulation's time).
 */
final class SimulatedAttempt extends CompletableFuture<Object> {

    private static final CancellationException CANCELLED = new CancellationException("hedge lost") {
        private static final long serialVersionUID = 1L;

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    };

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        return completeExceptionally(CANCELLED) || isCancelled();
    }
}
