package io.tailguard.path;

import io.tailguard.admission.Permit;
import io.tailguard.queue.DrainEstimator;
import io.tailguard.time.Timers;

/**
 * Thread-safe (its callers hold the ticket's monitor where a method says so): a decision path's
 * attempts and their timers: forwarding one, hedging, the response timeout, cancelling, failing,
 * and completing a permit, which teaches the limit, the drain estimate and the balancer.
 *
 * @param <R> the host's request type
 */
final class Attempts<R> {

    private final PathHost<R> host;
    private final Timers timers;
    private final Backends backends;
    private final DrainEstimator drain;
    private final boolean holdCancelled;

    Attempts(PathHost<R> host, Timers timers, Backends backends, DrainEstimator drain, boolean holdCancelled) {
        this.host = host;
        this.timers = timers;
        this.backends = backends;
        this.drain = drain;
        this.holdCancelled = holdCancelled;
    }

    /** Records and forwards one attempt. Call holding the ticket's monitor. */
    void launch(Ticket<R> ticket, Grant grant) {
        int attempt = ticket.attempts++;
        ticket.grant(attempt, grant);
        ticket.state(attempt, Ticket.LIVE);
        ticket.triedMask = Backends.with(ticket.triedMask, grant.backend());
        backends.sent(grant.backend());
        host.forward(ticket.request, grant.backend(), attempt);
    }

    /** The hedge delay passed with no response head: a second attempt, on another backend with room, within budget. */
    void hedge(Ticket<R> ticket, long nowNanos) {
        if (ticket.phase != Ticket.FORWARDING || ticket.attempts >= Ticket.MAX_ATTEMPTS
                || ticket.liveAttempts() == 0 || !ticket.hedger.tryExtraAttempt()) {
            return;
        }
        Grant other = backends.acquireOther(nowNanos, ticket.triedMask);
        if (other != null) {
            launch(ticket, other);
        }
    }

    /**
     * No response head in time: every attempt is cancelled, the client gets 504. Each attempt's permit
     * is released, as dropped (a signal for the limit), only when the host reports the attempt ended,
     * after it closed the connection: a permit handed on at once would let the next request reach a
     * backend that still has the timed-out one open, one more than the cap.
     */
    void timeOut(Ticket<R> ticket) {
        if (ticket.phase != Ticket.FORWARDING) {
            return;
        }
        for (int k = 0; k < ticket.attempts; k++) {
            if (ticket.state(k) == Ticket.LIVE) {
                ticket.state(k, Ticket.TIMED_OUT);
                host.cancel(ticket.request, k);
            }
        }
        fail(ticket, LocalAnswer.UPSTREAM_TIMEOUT);
    }

    /** Cancels one attempt. Call holding the ticket's monitor. */
    void cancelAttempt(Ticket<R> ticket, int attempt, long nowNanos) {
        host.cancel(ticket.request, attempt);
        if (holdCancelled) {
            ticket.state(attempt, Ticket.CANCELLED);
        } else {
            ticket.state(attempt, Ticket.ENDED);
            release(ticket.grant(attempt), Completion.IGNORED, nowNanos);
        }
    }

    /** Answers a ticket whose attempts all failed. Call holding the ticket's monitor. */
    void fail(Ticket<R> ticket, LocalAnswer answer) {
        ticket.phase = Ticket.DONE;
        ticket.answer = answer;
        stopTimers(ticket);
        host.answer(ticket.request, answer, -1L);
    }

    void stopTimers(Ticket<R> ticket) {
        cancelTimer(ticket.hedgeTimer);
        ticket.hedgeTimer = Ticket.NO_TIMER;
        cancelTimer(ticket.responseTimer);
        ticket.responseTimer = Ticket.NO_TIMER;
    }

    void cancelTimer(long timerId) {
        if (timerId != Ticket.NO_TIMER) {
            timers.cancel(timerId);
        }
    }

    static byte stateOf(Ticket<?> ticket, int attempt) {
        return attempt >= 0 && attempt < ticket.attempts ? ticket.state(attempt) : 0;
    }

    /** Completes a grant's permit and teaches the drain estimate and the balancer. */
    void release(Grant grant, Completion outcome, long nowNanos) {
        complete(grant.backend(), grant.permit(), grant.startNanos(), outcome, nowNanos, true);
    }

    void complete(int backend, Permit permit, long startNanos, Completion outcome, long nowNanos,
                          boolean learn) {
        long heldNanos = nowNanos - startNanos;
        switch (outcome) {
            case SUCCESS -> permit.onSuccess(nowNanos);
            case DROPPED -> permit.onDropped(nowNanos);
            case IGNORED -> permit.onIgnore();
        }
        if (learn && outcome != Completion.IGNORED) {
            drain.observe(heldNanos);
        }
        backends.completed(nowNanos, backend, heldNanos, outcome == Completion.SUCCESS);
        host.completed(backend, heldNanos, outcome);
    }

    static long saturatedAdd(long a, long b) {
        long sum = a + b;
        return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
    }
}
