package io.tailguard.servlet;

import io.tailguard.lease.LeaseStats;
import io.tailguard.time.NanoClock;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Thread-safe end of one request admitted under an adaptive lease, reported once to the session's
 * {@link LeaseStats} so the sender learns the latency its grant produced: at once for a synchronous
 * request, as an {@link AsyncListener} for an async or queued one. A 5xx, a timeout or a failure is
 * a drop (an overload signal); a client that left is an ordinary end.
 */
final class LeaseCompletion extends AtomicBoolean implements AsyncListener {

    private static final long serialVersionUID = 1L;

    private final transient LeaseStats stats;
    private final transient NanoClock clock;
    private final long startNanos;

    LeaseCompletion(LeaseStats stats, NanoClock clock, long startNanos) {
        this.stats = stats;
        this.clock = clock;
        this.startNanos = startNanos;
    }

    void end(boolean dropped) {
        if (compareAndSet(false, true)) {
            long nowNanos = clock.nanoTime();
            if (dropped) {
                stats.onDropped(nowNanos, startNanos);
            } else {
                stats.onCompleted(nowNanos, startNanos);
            }
        }
    }

    @Override
    public void onComplete(AsyncEvent event) {
        end(TailguardFilter.status(event.getSuppliedResponse()) >= 500);
    }

    @Override
    public void onTimeout(AsyncEvent event) {
        end(true);
    }

    @Override
    public void onError(AsyncEvent event) {
        end(!(event.getThrowable() instanceof IOException));
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
        event.getAsyncContext().addListener(this);
    }
}
