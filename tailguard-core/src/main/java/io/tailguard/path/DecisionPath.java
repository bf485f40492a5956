package io.tailguard.path;

import io.tailguard.admission.Decision;
import io.tailguard.admission.Permit;
import io.tailguard.admission.RejectReason;
import io.tailguard.config.Check;
import io.tailguard.hedge.Hedger;
import io.tailguard.lease.Lease;
import io.tailguard.lease.LeaseView;
import io.tailguard.limit.ConcurrencyLimiter;
import io.tailguard.queue.BoundedQueue;
import io.tailguard.queue.BoundedQueueConfig;
import io.tailguard.queue.DrainEstimator;
import io.tailguard.retry.RetryBudget;
import io.tailguard.time.Scheduler;
import io.tailguard.time.Timers;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Thread-safe: what a proxy decides for each request of one pool, as a state machine. A request
 * comes in ({@link #submit}, or {@link PathRoute#arrive} after its route's rate gates, or
 * {@link PathRoute#enterThroughGate} after a gate the host asks, such as a bucket shared in Redis)
 * with its deadline; it goes straight to a backend when nobody waits and one has room, waits in a core
 * {@link BoundedQueue}, or is refused with a {@link LocalAnswer} and a {@code Retry-After}. A
 * backend is chosen by a core balancer among those not ejected; a refused connection is retried on
 * another backend within the core {@link RetryBudget}; a hedgeable request on a hedging route gets
 * a second attempt through its route's core {@link Hedger}; a client that leaves withdraws its
 * queued request or abandons its attempts. Each attempt's completion releases its permit, teaches
 * the limit, the {@link DrainEstimator} and the balancer, and lets the next queued request go.
 *
 * <p>Every event carries {@code nowNanos}; timers (the queue's wait, the hedge delay, the response
 * timeout) run on the {@link Scheduler} given, the system wheel live and a virtual scheduler in a
 * simulation. The path reads no clock: a timer's moment is its own deadline. What it decides is
 * carried out by its {@link PathHost}.
 *
 * <p>Locking: each {@link Ticket} guards its own state (but for what a report of a forwarded attempt
 * reads, written before its forward command); the queue, limiters, balancer, estimator and budget are
 * thread-safe core objects. Queue methods are never called holding a ticket's monitor,
 * and the queue's shed listener takes it, so the order is always queue first, then ticket.
 *
 * @param <R> the host's request type
 */
public final class DecisionPath<R> {

    private final PoolSettings settings;
    private final PathHost<R> host;
    private final Timers timers;
    private final Backends backends;
    private final BoundedQueue<Ticket<R>> queue;
    private final DrainEstimator drain = new DrainEstimator(0.2);
    private final RetryBudget retryBudget;
    private final long queueTimeoutNanos;
    private final long responseTimeoutNanos;
    private final Attempts<R> attempts;

    /** Creates the path of one pool; {@code random} seeds the balancers that pick at random. */
    public DecisionPath(PoolSettings settings, Scheduler scheduler, PathHost<R> host, RandomGenerator random) {
        this(settings, null, settings.queueConfig(), scheduler, host, random);
    }

    /**
     * Creates the path of a pool whose host was handed its core parts ready-made (a servlet filter's
     * or gRPC interceptor's user builds the limiter and the queue's settings): {@code limiters}, one
     * per backend, replace the ones {@code settings} would build, and {@code queue} (null: none)
     * replaces its queue settings. The path owns the limiters from now on.
     */
    public DecisionPath(PoolSettings settings, List<? extends ConcurrencyLimiter> limiters, BoundedQueueConfig queue,
                        Scheduler scheduler, PathHost<R> host, RandomGenerator random) {
        this.settings = Check.notNull("settings", settings);
        this.host = Check.notNull("host", host);
        this.timers = Check.notNull("scheduler", scheduler).timers();
        this.backends = new Backends(settings, limiters, Check.notNull("random", random));
        this.queue = queue == null ? null : new BoundedQueue<>(queue, this::shed);
        this.retryBudget = new RetryBudget(settings.retryBudget());
        this.queueTimeoutNanos = queue == null ? settings.queueTimeout().toNanos() : queue.maxQueueingNanos();
        this.responseTimeoutNanos = settings.responseTimeout().isZero() ? Long.MAX_VALUE
                : settings.responseTimeout().toNanos();
        this.attempts = new Attempts<>(host, timers, backends, drain, settings.holdCancelled());
    }

    /** Returns this pool's settings. */
    public PoolSettings settings() {
        return settings;
    }

    /**
     * Decides for a request with {@code budgetNanos} left before its deadline ({@link Long#MAX_VALUE}:
     * none) arriving at {@code nowNanos}, on a route without rate gates or hedging.
     */
    public Ticket<R> submit(R request, long budgetNanos, long nowNanos) {
        return submit(request, budgetNanos, null, true, nowNanos);
    }

    /**
     * As {@link #submit(Object, long, long)}, for a host that cannot always park a request: one that
     * may not wait ({@code mayWait} false) is refused {@link LocalAnswer#CONCURRENCY_LIMITED} where it
     * would have queued.
     */
    public Ticket<R> submit(R request, long budgetNanos, boolean mayWait, long nowNanos) {
        return submit(request, budgetNanos, null, mayWait, nowNanos);
    }

    Ticket<R> submit(R request, long budgetNanos, Hedger hedger, boolean mayWait, long nowNanos) {
        Ticket<R> ticket = new Ticket<>(request, this, nowNanos, budgetNanos,
                backends.size() > 1 ? hedger : null);
        admit(ticket, mayWait, nowNanos);
        return ticket;
    }

    /**
     * A ticket held for the host's shared gate: its deadline (if any) is armed as a queued one's, and
     * the host is asked; {@link #gateAnswered} goes on.
     */
    Ticket<R> gate(R request, long budgetNanos, Hedger hedger, long nowNanos) {
        Ticket<R> ticket = new Ticket<>(request, this, nowNanos, budgetNanos, backends.size() > 1 ? hedger : null);
        synchronized (ticket) {
            ticket.phase = Ticket.GATED;
            if (ticket.deadlineNanos != Long.MAX_VALUE) {
                ticket.gateTimerDueNanos = ticket.deadlineNanos;
                ticket.gateTimer = timers.start(ticket.deadlineNanos, ticket);
            }
        }
        host.askGate(request);
        return ticket;
    }

    /**
     * The host's shared gate answered for {@code ticket}: admitted, the request goes on to the pool
     * as {@link #submit} takes it; refused, it is answered {@link LocalAnswer#RATE_LIMITED} with
     * {@code retryAfterNanos} rounded up to whole seconds (at least 1) as {@code Retry-After}. An
     * answer that comes after the deadline answered the request, or after its client left, changes
     * nothing (the gate's token stays spent).
     */
    public void gateAnswered(Ticket<R> ticket, boolean admitted, long retryAfterNanos, long nowNanos) {
        synchronized (ticket) {
            if (ticket.phase != Ticket.GATED) {
                return;
            }
            attempts.cancelTimer(ticket.gateTimer);
            ticket.gateTimer = Ticket.NO_TIMER;
            if (!admitted) {
                ticket.phase = Ticket.DONE;
                ticket.answer = LocalAnswer.RATE_LIMITED;
                host.answer(ticket.request, LocalAnswer.RATE_LIMITED, PathRoute.retryAfterSeconds(retryAfterNanos));
                return;
            }
            ticket.phase = Ticket.NEW;
        }
        admit(ticket, true, nowNanos);
    }

    /** A ticket refused before it reached the pool (a rate gate): it is answered and never queued. */
    Ticket<R> refuseAtRoute(R request, long retryAfterSeconds, long nowNanos) {
        Ticket<R> ticket = new Ticket<>(request, this, nowNanos, Long.MAX_VALUE, null);
        synchronized (ticket) {
            ticket.phase = Ticket.DONE;
            ticket.answer = LocalAnswer.RATE_LIMITED;
            host.answer(request, LocalAnswer.RATE_LIMITED, retryAfterSeconds);
        }
        return ticket;
    }

    private void admit(Ticket<R> ticket, boolean mayWait, long nowNanos) {
        retryBudget.deposit(nowNanos);
        long remainingNanos = ticket.remainingNanos(nowNanos);
        if (!drain.worthStarting(remainingNanos)) {
            refuseNew(ticket, LocalAnswer.DEADLINE_EXCEEDED);
            return;
        }
        if (queue == null || queue.isEmpty()) {
            Grant grant = backends.acquire(nowNanos);
            if (grant != null) {
                start(ticket, grant, nowNanos);
                return;
            }
            if (queue == null || !mayWait) {
                refuseNew(ticket, LocalAnswer.CONCURRENCY_LIMITED);
                return;
            }
        }
        if (!mayWait) {
            refuseNew(ticket, LocalAnswer.CONCURRENCY_LIMITED);
            return;
        }
        if (!drain.finishesInTime(queue.size(), backends.totalLimit(), remainingNanos)) {
            refuseNew(ticket, LocalAnswer.DEADLINE_EXCEEDED);
            return;
        }
        boolean deadlineFirst = remainingNanos < queueTimeoutNanos;
        synchronized (ticket) {
            ticket.phase = Ticket.QUEUED;
            ticket.waited = true;
            ticket.enqueuedNanos = nowNanos;
            ticket.queueTimerAnswer = deadlineFirst ? LocalAnswer.DEADLINE_EXCEEDED : LocalAnswer.QUEUE_TIMEOUT;
        }
        if (!queue.offer(nowNanos, ticket)) {
            synchronized (ticket) {
                ticket.waited = false;
            }
            refuseQueued(ticket, LocalAnswer.QUEUE_FULL, nowNanos);
            return;
        }
        host.queued(ticket.request);
        long waitNanos = deadlineFirst ? remainingNanos : queueTimeoutNanos;
        synchronized (ticket) {
            // armed once queued, and only if nothing took the ticket out meanwhile
            if (ticket.phase == Ticket.QUEUED && waitNanos != Long.MAX_VALUE) {
                ticket.queueTimerDueNanos = Attempts.saturatedAdd(nowNanos, waitNanos);
                ticket.queueTimer = timers.start(ticket.queueTimerDueNanos, ticket);
            }
        }
        drain(nowNanos);
    }

    private void refuseNew(Ticket<R> ticket, LocalAnswer answer) {
        synchronized (ticket) {
            ticket.phase = Ticket.DONE;
            ticket.answer = answer;
            host.answer(ticket.request, answer, retryAfterSeconds());
        }
    }

    /** Answers a queued ticket with {@code answer} unless something else already settled it; true if answered. */
    private boolean refuseQueued(Ticket<R> ticket, LocalAnswer answer, long nowNanos) {
        synchronized (ticket) {
            if (ticket.phase != Ticket.QUEUED) {
                return false;
            }
            ticket.phase = Ticket.DONE;
            ticket.answer = answer;
            ticket.queueWaitNanos = nowNanos - ticket.enqueuedNanos;
            attempts.cancelTimer(ticket.queueTimer);
            ticket.queueTimer = Ticket.NO_TIMER;
            host.answer(ticket.request, answer, retryAfterSeconds());
            return true;
        }
    }

    /** The queue dropped a ticket that waited too long or that CoDel shed; called under the queue's lock. */
    private void shed(Ticket<R> ticket, RejectReason reason, long waitedNanos) {
        refuseQueued(ticket, LocalAnswer.of(reason), ticket.enqueuedNanos + waitedNanos);
    }

    /** Lets queued tickets go while a backend has room. Never called holding a ticket's monitor. */
    private void drain(long nowNanos) {
        while (queue != null && !queue.isEmpty()) {
            Grant grant = backends.acquire(nowNanos);
            if (grant == null) {
                return;
            }
            Ticket<R> next = queue.poll(nowNanos);
            // A request whose budget cannot cover one service time would only make the backend work
            // for a client that will be gone: answer it now and give its place to the next.
            while (next != null && !drain.worthStarting(next.remainingNanos(nowNanos))) {
                refuseQueued(next, LocalAnswer.DEADLINE_EXCEEDED, nowNanos);
                next = queue.poll(nowNanos);
            }
            if (next == null || !start(next, grant, nowNanos)) {
                attempts.release(grant, Completion.IGNORED, nowNanos);
            }
        }
    }

    /** Forwards {@code ticket} as its first attempt on {@code grant}; false if it was settled meanwhile. */
    private boolean start(Ticket<R> ticket, Grant grant, long nowNanos) {
        synchronized (ticket) {
            if (ticket.phase == Ticket.QUEUED) {
                ticket.queueWaitNanos = nowNanos - ticket.enqueuedNanos;
                attempts.cancelTimer(ticket.queueTimer);
                ticket.queueTimer = Ticket.NO_TIMER;
            } else if (ticket.phase != Ticket.NEW) {
                return false;
            }
            ticket.phase = Ticket.FORWARDING;
            long headWithinNanos = Math.min(responseTimeoutNanos, ticket.remainingNanos(nowNanos));
            if (headWithinNanos != Long.MAX_VALUE) {
                ticket.responseTimerDueNanos = Attempts.saturatedAdd(nowNanos, headWithinNanos);
                ticket.responseTimer = timers.start(ticket.responseTimerDueNanos, ticket);
            }
            if (ticket.hedger != null) {
                long delayNanos = ticket.hedger.openCall();
                if (delayNanos != Long.MAX_VALUE) {
                    ticket.hedgeTimerDueNanos = Attempts.saturatedAdd(nowNanos, delayNanos);
                    ticket.hedgeTimer = timers.start(ticket.hedgeTimerDueNanos, ticket);
                }
            }
            attempts.launch(ticket, grant);
            return true;
        }
    }

    /** The connection of attempt {@code attempt} opened: its backend is not refusing. */
    public void connected(Ticket<R> ticket, int attempt, long nowNanos) {
        // Without the ticket's monitor: an attempt's grant is written once, before the forward command
        // this report follows, and is immutable; an attempt never forwarded has none.
        Grant grant = attempt >= 0 && attempt < Ticket.MAX_ATTEMPTS ? ticket.grant(attempt) : null;
        if (grant != null) {
            backends.connected(grant.backend());
        }
    }

    /**
     * The backend of attempt {@code attempt} refused the connection: it counts towards its ejection,
     * and the request is retried on another backend with room if the retry budget allows, else
     * answered {@link LocalAnswer#UPSTREAM_CONNECT_FAILED}.
     */
    public void refused(Ticket<R> ticket, int attempt, long nowNanos) {
        synchronized (ticket) {
            byte state = Attempts.stateOf(ticket, attempt);
            if (state != Ticket.LIVE && state != Ticket.CANCELLED && state != Ticket.TIMED_OUT) {
                return;
            }
            ticket.state(attempt, Ticket.ENDED);
            Grant failed = ticket.grant(attempt);
            backends.refused(failed.backend(), nowNanos);
            attempts.release(failed, state == Ticket.TIMED_OUT ? Completion.DROPPED : Completion.IGNORED, nowNanos);
            if (state == Ticket.LIVE && ticket.phase == Ticket.FORWARDING && ticket.liveAttempts() == 0) {
                Grant other = ticket.attempts < Ticket.MAX_ATTEMPTS && backends.size() > 1
                        && retryBudget.tryWithdraw(nowNanos) ? backends.acquireOther(nowNanos, ticket.triedMask) : null;
                if (other != null) {
                    attempts.launch(ticket, other);
                } else {
                    attempts.fail(ticket, LocalAnswer.UPSTREAM_CONNECT_FAILED);
                }
            }
        }
        drain(nowNanos);
    }

    /**
     * The response head of attempt {@code attempt} arrived. The first to arrive wins: the host relays
     * it, every other attempt is cancelled, and the response timeout and hedge timer stop.
     *
     * @return true if this attempt won and its response goes to the client; false if the host must
     *     drop it (another attempt won, it timed out, the client left)
     */
    public boolean responded(Ticket<R> ticket, int attempt, long nowNanos) {
        boolean won;
        synchronized (ticket) {
            won = Attempts.stateOf(ticket, attempt) == Ticket.LIVE && ticket.phase == Ticket.FORWARDING;
            if (won) {
                ticket.state(attempt, Ticket.HEAD);
                ticket.winner = attempt;
                ticket.phase = Ticket.RESPONDING;
                attempts.stopTimers(ticket);
                if (ticket.hedger != null) {
                    ticket.hedger.closeCall(nowNanos - ticket.grant(0).startNanos(), attempt != 0);
                }
                for (int k = 0; k < ticket.attempts; k++) {
                    if (k != attempt && ticket.state(k) == Ticket.LIVE) {
                        attempts.cancelAttempt(ticket, k, nowNanos);
                    }
                }
            }
        }
        drain(nowNanos);
        return won;
    }

    /**
     * Attempt {@code attempt} is over: its response ended, or its connection closed or failed before
     * that; {@code completion} is what it teaches the limit. An attempt that ended before any response
     * head, with no other attempt alive, is answered {@link LocalAnswer#UPSTREAM_CLOSED}; a cancelled
     * attempt's full response still counts as a service-time sample.
     */
    public void ended(Ticket<R> ticket, int attempt, Completion completion, long nowNanos) {
        synchronized (ticket) {
            byte state = Attempts.stateOf(ticket, attempt);
            if (state == 0 || state == Ticket.ENDED) {
                return;
            }
            ticket.state(attempt, Ticket.ENDED);
            Grant grant = ticket.grant(attempt);
            boolean headSeen = state == Ticket.HEAD || state == Ticket.CANCELLED;
            Completion outcome = state == Ticket.TIMED_OUT ? Completion.DROPPED
                    : headSeen || completion != Completion.SUCCESS ? completion : Completion.IGNORED;
            attempts.release(grant, outcome, nowNanos);
            if (state == Ticket.HEAD) {
                ticket.phase = Ticket.DONE;
            } else if (state == Ticket.LIVE && ticket.phase == Ticket.FORWARDING && ticket.liveAttempts() == 0) {
                attempts.fail(ticket, LocalAnswer.UPSTREAM_CLOSED);
            }
        }
        drain(nowNanos);
    }

    /**
     * The client left: a queued request is withdrawn (never forwarded); an in-flight one's attempts
     * are cancelled, their permits held until their backends are done or released now, as
     * {@link PoolSettings#holdCancelled} says.
     */
    public void clientLeft(Ticket<R> ticket, long nowNanos) {
        boolean withdraw = false;
        synchronized (ticket) {
            ticket.departed = true;
            switch (ticket.phase) {
                case Ticket.GATED -> {
                    ticket.phase = Ticket.DONE;
                    attempts.cancelTimer(ticket.gateTimer);
                    ticket.gateTimer = Ticket.NO_TIMER;
                    return;
                }
                case Ticket.QUEUED -> {
                    ticket.phase = Ticket.DONE;
                    ticket.queueWaitNanos = nowNanos - ticket.enqueuedNanos;
                    attempts.cancelTimer(ticket.queueTimer);
                    ticket.queueTimer = Ticket.NO_TIMER;
                    withdraw = true;
                }
                case Ticket.FORWARDING, Ticket.RESPONDING -> {
                    ticket.phase = Ticket.DONE;
                    attempts.stopTimers(ticket);
                    for (int k = 0; k < ticket.attempts; k++) {
                        if (ticket.state(k) == Ticket.LIVE || ticket.state(k) == Ticket.HEAD) {
                            attempts.cancelAttempt(ticket, k, nowNanos);
                        }
                    }
                }
                default -> {
                    return;
                }
            }
        }
        if (withdraw) {
            queue.remove(ticket);
        } else {
            drain(nowNanos);
        }
    }

    /** Backend {@code backend} granted {@code lease} at {@code nowNanos} (pools whose balancer reads leases). */
    public void leaseGranted(int backend, Lease lease, long nowNanos) {
        LeaseView view = backends.lease(backend);
        if (view != null) {
            view.onLease(nowNanos, lease);
        }
    }

    /** Backend {@code backend}'s lease stream ended: nothing granted under it may be counted on. */
    public void leaseLost(int backend) {
        LeaseView view = backends.lease(backend);
        if (view != null) {
            view.clear();
        }
    }

    void timerFired(Ticket<R> ticket, long timerId) {
        long nowNanos;
        boolean queueTimedOut = false;
        synchronized (ticket) {
            if (timerId == ticket.queueTimer) {
                ticket.queueTimer = Ticket.NO_TIMER;
                nowNanos = ticket.queueTimerDueNanos;
                queueTimedOut = ticket.phase == Ticket.QUEUED;
            } else if (timerId == ticket.gateTimer) {
                ticket.gateTimer = Ticket.NO_TIMER;
                if (ticket.phase == Ticket.GATED) {
                    ticket.phase = Ticket.DONE;
                    ticket.answer = LocalAnswer.DEADLINE_EXCEEDED;
                    host.answer(ticket.request, LocalAnswer.DEADLINE_EXCEEDED, retryAfterSeconds());
                }
                return;
            } else if (timerId == ticket.hedgeTimer) {
                ticket.hedgeTimer = Ticket.NO_TIMER;
                nowNanos = ticket.hedgeTimerDueNanos;
                attempts.hedge(ticket, nowNanos);
            } else if (timerId == ticket.responseTimer) {
                ticket.responseTimer = Ticket.NO_TIMER;
                nowNanos = ticket.responseTimerDueNanos;
                attempts.timeOut(ticket);
            } else {
                return;
            }
        }
        if (queueTimedOut) {
            if (queue.remove(ticket)) {
                refuseQueued(ticket, ticket.queueTimerAnswer, nowNanos);
            }
        } else {
            drain(nowNanos);
        }
    }

    /**
     * The decision path's first branch on its own, for a host of a pool of one backend that has a
     * request to run at once on the calling thread (a servlet, a gRPC call): when nobody waits and
     * the backend has room, returns its permit, allocating nothing; otherwise null, and the host
     * {@link #submit}s the request (to queue or be refused). Complete the permit with
     * {@link #completeAtOnce}.
     *
     * @throws IllegalStateException if the pool has more than one backend
     */
    public Permit admitAtOnce(long nowNanos) {
        if (backends.size() != 1) {
            throw new IllegalStateException("admitAtOnce must be used on a pool of one backend but " + settings.name()
                    + " has " + backends.size());
        }
        if (queue != null && !queue.isEmpty()) {
            return null;
        }
        Decision decision = backends.limiter(0).tryAcquire(nowNanos);
        return decision.isAdmitted() ? decision.permit() : null;
    }

    /**
     * Completes a permit from {@link #admitAtOnce} taken at {@code startNanos}, then lets waiting
     * requests in. Behind a queue, the drain estimate learns the service time only while requests
     * wait, when a {@code Retry-After} is computed from it, so a pool that is not overloaded keeps the
     * estimate's shared word off its path; without a queue every refusal is computed from it, so it
     * always learns.
     */
    public void completeAtOnce(Permit permit, long startNanos, Completion completion, long nowNanos) {
        attempts.complete(0, permit, startNanos, completion, nowNanos, queue == null || !queue.isEmpty());
        if (queue != null && !queue.isEmpty()) {
            drain(nowNanos);
        }
    }

    /** Returns the expected wait of a newcomer for a place to free up, or {@link DrainEstimator#UNKNOWN}. */
    public long expectedWaitNanos() {
        return drain.expectedWaitNanos(queued(), backends.totalLimit());
    }

    /**
     * Returns the seconds a refused client should wait before trying again: the time the queue needs
     * to drain at its observed rate, or the queue timeout before any request completed; at least 1.
     */
    public long retryAfterSeconds() {
        long waitNanos = drain.expectedWaitNanos(queued(), backends.totalLimit());
        if (waitNanos == DrainEstimator.UNKNOWN) {
            waitNanos = queueTimeoutNanos == Long.MAX_VALUE ? 0L : queueTimeoutNanos;
        }
        return Math.max(1L, (waitNanos + 999_999_999L) / 1_000_000_000L);
    }

    /** Returns the pool's waiting room for reading (size, capacity, settings), or null if it has none. */
    public BoundedQueue<?> queue() {
        return queue;
    }

    /** Returns the requests waiting in the queue. */
    public int queued() {
        return queue == null ? 0 : queue.size();
    }

    /** Returns the permits held on every backend. */
    public int inFlight() {
        return backends.inFlight();
    }

    /** Returns backend {@code backend}'s permits held. */
    public int inFlight(int backend) {
        return backends.limiter(backend).inFlight();
    }

    /** Returns backend {@code backend}'s limiter, for meters; the path owns it. */
    public ConcurrencyLimiter limiter(int backend) {
        return backends.limiter(backend);
    }

    /** Returns backend {@code backend}'s lease as the balancer sees it, or null when the balancer reads no leases. */
    public LeaseView lease(int backend) {
        return backends.lease(backend);
    }

    /** Returns backend {@code backend}'s current limit. */
    public int limit(int backend) {
        return backends.limiter(backend).limit();
    }

    /** Returns true while backend {@code backend} is ejected after refused connections. */
    public boolean ejected(int backend, long nowNanos) {
        return backends.ejected(backend, nowNanos);
    }

    /** Returns the mean service time observed, or {@link DrainEstimator#UNKNOWN}. */
    public long meanServiceNanos() {
        return drain.meanServiceNanos();
    }
}
