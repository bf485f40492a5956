package io.tailguard.servlet;

import io.tailguard.admission.Permit;
import io.tailguard.path.LocalAnswer;
import io.tailguard.path.Ticket;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Thread-safe: one request on its way through the filter's decision path, from its submission to
 * its admission or its answer. The path may decide on any thread (a permit freed by another
 * request, the queue's timer), while the request's own thread is still between the submission and
 * parking it in async mode; one CAS on the state settles who answers or runs it:
 * <pre>
 *  SUBMITTING --forward--> ADMITTED   (the request's own thread runs it when submit returns)
 *  SUBMITTING --answer---> ANSWERED   (the request's own thread writes the refusal)
 *  SUBMITTING --park-----> PARKED --forward--> DISPATCHED (async dispatch with its Held)
 *                                 --answer---> ENDED      (refusal written on the async response)
 *                                 --client left----> ENDED (withdrawn from the queue)
 * </pre>
 * A request the path admits or refuses while submitting never parks.
 */
final class Pass extends AtomicInteger implements EndListener {

    private static final long serialVersionUID = 1L;
    static final int SUBMITTING = 0;
    static final int ADMITTED = 1;
    static final int ANSWERED = 2;
    static final int PARKED = 3;
    static final int DISPATCHED = 4;
    static final int ENDED = 5;

    private final transient TailguardFilter filter;
    private final transient HttpServletRequest request;
    /** The partition's permit, or null; the filter gives it back when the request is refused or withdrawn. */
    final transient Permit partition;
    transient volatile Ticket<Pass> ticket;
    private transient volatile AsyncContext async;
    /** The path's refusal and its {@code Retry-After}, set before the state says ANSWERED; the filter writes them. */
    transient volatile LocalAnswer answer;
    volatile long retryAfterSeconds;

    Pass(TailguardFilter filter, HttpServletRequest request, Permit partition) {
        this.filter = filter;
        this.request = request;
        this.partition = partition;
    }

    /** The path admitted it (the forward command). */
    void admitted() {
        if (compareAndSet(SUBMITTING, ADMITTED)) {
            return;
        }
        if (compareAndSet(PARKED, DISPATCHED)) {
            dispatch();
        }
    }

    /** The path refused it (the answer command). */
    void refused(LocalAnswer refusal, long retryAfter) {
        answer = refusal;
        retryAfterSeconds = retryAfter;
        if (compareAndSet(SUBMITTING, ANSWERED)) {
            return;
        }
        if (compareAndSet(PARKED, ENDED)) {
            filter.rejectParked(async, partition, refusal, retryAfter);
        }
    }

    /**
     * Parks the request, its thread given back, after the path queued it; if the path decided
     * meanwhile, carries that decision out instead.
     */
    void park() {
        AsyncContext context = request.startAsync();
        context.setTimeout(0); // the decision path's queue timer decides
        context.addListener(this);
        async = context;
        if (compareAndSet(SUBMITTING, PARKED)) {
            return;
        }
        if (get() == ADMITTED && compareAndSet(ADMITTED, DISPATCHED)) {
            dispatch();
        } else if (get() == ANSWERED && compareAndSet(ANSWERED, ENDED)) {
            filter.rejectParked(context, partition, answer, retryAfterSeconds);
        }
    }

    private void dispatch() {
        async.getRequest().setAttribute(TailguardFilter.ADMITTED_ATTRIBUTE, new Held(filter, ticket, partition));
        async.dispatch();
    }

    /** The client left or the container gave up while it waited: withdraw it. */
    @Override
    public void end() {
        if (compareAndSet(PARKED, ENDED)) {
            filter.withdraw(this);
        }
    }
}
