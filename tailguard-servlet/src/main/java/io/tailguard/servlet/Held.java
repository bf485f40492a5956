package io.tailguard.servlet;

import io.tailguard.admission.Permit;
import io.tailguard.path.Completion;
import io.tailguard.path.Ticket;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Thread-safe: what an admitted request holds until its response completes: its ticket in the
 * filter's decision path if it waited in the queue, else the global limiter's permit it took at once
 * (null without a limiter), and its partition's permit (null without one). Released exactly once, whichever comes first of the paths
 * that end a request; as an {@link AsyncListener} it releases an async request when the container
 * completes, times out or fails it.
 */
final class Held extends AtomicBoolean implements AsyncListener {

    private static final long serialVersionUID = 1L;

    private final transient TailguardFilter filter;
    private final transient Ticket<Pass> ticket;
    private final transient Permit global;
    private final transient Permit partition;
    private final long startNanos;

    /** Holds a queued request's ticket (its permit is the path's) and its partition's permit. */
    Held(TailguardFilter filter, Ticket<Pass> ticket, Permit partition) {
        this(filter, ticket, null, partition, 0L);
    }

    /** Holds permits taken at once, at {@code startNanos}: the global one (may be null) and the partition's. */
    Held(TailguardFilter filter, Permit global, Permit partition, long startNanos) {
        this(filter, null, global, partition, startNanos);
    }

    private Held(TailguardFilter filter, Ticket<Pass> ticket, Permit global, Permit partition, long startNanos) {
        this.filter = filter;
        this.ticket = ticket;
        this.global = global;
        this.partition = partition;
        this.startNanos = startNanos;
    }

    /** Releases what it holds with {@code completion}; does nothing after the first call. */
    void release(Completion completion) {
        if (compareAndSet(false, true)) {
            if (ticket != null) {
                filter.release(ticket, partition, completion);
            } else {
                filter.releaseAtOnce(global, partition, startNanos, completion);
            }
        }
    }

    @Override
    public void onComplete(AsyncEvent event) {
        release(TailguardFilter.ofStatus(TailguardFilter.status(event.getSuppliedResponse())));
    }

    @Override
    public void onTimeout(AsyncEvent event) {
        release(Completion.DROPPED);
    }

    /** A client that went away says nothing about capacity; any other failure is an overload signal. */
    @Override
    public void onError(AsyncEvent event) {
        release(event.getThrowable() instanceof IOException ? Completion.IGNORED : Completion.DROPPED);
    }

    /** The application started a new async cycle: listeners are cleared, so register again. */
    @Override
    public void onStartAsync(AsyncEvent event) {
        event.getAsyncContext().addListener(this);
    }
}
