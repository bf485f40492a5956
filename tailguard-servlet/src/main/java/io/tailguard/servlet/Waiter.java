package io.tailguard.servlet;

import io.tailguard.admission.Permit;
import io.tailguard.admission.RejectReason;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Thread-safe request parked in the filter's queue, its servlet thread given back, until a permit
 * of the global limiter frees up, its queueing time runs out or its client leaves. Exactly one of
 * those wins, by a CAS on its state; admission dispatches the request again with its permits.
 */
final class Waiter extends AtomicInteger implements AsyncListener {

    private static final long serialVersionUID = 1L;
    private static final int WAITING = 0;
    private static final int ADMITTED = 1;
    private static final int ENDED = 2;

    private final transient TailguardFilter filter;
    private final transient AsyncContext async;
    private final transient Permit partition;
    private transient volatile Held held;

    Waiter(TailguardFilter filter, AsyncContext async, Permit partition) {
        this.filter = filter;
        this.async = async;
        this.partition = partition;
    }

    /** Hands the request its global permit and dispatches it; false if it already left or was shed. */
    boolean admit(Permit global, long nowNanos) {
        if (!compareAndSet(WAITING, ADMITTED)) {
            return false;
        }
        held = new Held(filter, global, partition, nowNanos);
        async.getRequest().setAttribute(TailguardFilter.ADMITTED_ATTRIBUTE, held);
        async.dispatch();
        return true;
    }

    /** The queue shed it (waited too long): answer with {@code reason} and give its partition place back. */
    void shed(RejectReason reason) {
        if (compareAndSet(WAITING, ENDED)) {
            filter.rejectParked(async, partition, reason);
        }
    }

    /** The client left or the container gave up while it waited: withdraw it. */
    private void leave() {
        if (compareAndSet(WAITING, ENDED)) {
            filter.withdraw(this, partition);
        }
    }

    @Override
    public void onComplete(AsyncEvent event) {
        leave();
    }

    @Override
    public void onTimeout(AsyncEvent event) {
        leave();
    }

    @Override
    public void onError(AsyncEvent event) {
        leave();
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
    }
}
