package io.tailguard.servlet;

import io.tailguard.admission.Permit;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Thread-safe pair of permits an admitted request holds (the global limiter's and its partition's,
 * either may be null) until its response completes. Released exactly once, whichever comes first
 * of the paths that end a request; as an {@link AsyncListener} it releases an async request when
 * the container completes, times out or fails it.
 */
final class Held extends AtomicBoolean implements AsyncListener {

    private static final long serialVersionUID = 1L;

    private final transient TailguardFilter filter;
    private final transient Permit global;
    private final transient Permit partition;
    private final long startNanos;

    Held(TailguardFilter filter, Permit global, Permit partition, long startNanos) {
        this.filter = filter;
        this.global = global;
        this.partition = partition;
        this.startNanos = startNanos;
    }

    /** Releases the permits with {@code outcome}; does nothing after the first call. */
    void release(Outcome outcome) {
        if (compareAndSet(false, true)) {
            filter.release(global, partition, startNanos, outcome);
        }
    }

    @Override
    public void onComplete(AsyncEvent event) {
        release(Outcome.ofStatus(TailguardFilter.status(event.getSuppliedResponse())));
    }

    @Override
    public void onTimeout(AsyncEvent event) {
        release(Outcome.DROPPED);
    }

    /** A client that went away says nothing about capacity; any other failure is an overload signal. */
    @Override
    public void onError(AsyncEvent event) {
        release(event.getThrowable() instanceof IOException ? Outcome.IGNORED : Outcome.DROPPED);
    }

    /** The application started a new async cycle: listeners are cleared, so register again. */
    @Override
    public void onStartAsync(AsyncEvent event) {
        event.getAsyncContext().addListener(this);
    }
}
