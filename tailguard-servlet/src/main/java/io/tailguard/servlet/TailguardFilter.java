package io.tailguard.servlet;

import io.tailguard.admission.AdmissionCounts;
import io.tailguard.admission.Decision;
import io.tailguard.admission.Permit;
import io.tailguard.admission.RejectReason;
import io.tailguard.lease.LeaseResponder;
import io.tailguard.lease.LeaseStats;
import io.tailguard.limit.ConcurrencyLimiter;
import io.tailguard.queue.BoundedQueue;
import io.tailguard.queue.DrainEstimator;
import io.tailguard.rate.KeyedRateLimiter;
import io.tailguard.rate.TokenBucket;
import io.tailguard.time.NanoClock;
import io.tailguard.time.Scheduler;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Map;

/**
 * Thread-safe Jakarta Servlet filter that puts core admission policies in front of an application:
 * per request, in order, a rate gate (429 when it refuses), a per-partition concurrency limit, and
 * a global concurrency limit with a bounded queue in which a request waits, its thread given back,
 * up to the queue's maximum queueing time (503 when a limit or the queue refuses or the wait runs
 * out). Every refusal carries a {@code Retry-After} computed from what the filter saw: the time to
 * the rate gate's next token, or the queue's expected drain time.
 *
 * <p>The permits a request holds are released when its response completes: at once for a
 * synchronous servlet, through an {@link jakarta.servlet.AsyncListener} for an async one (on
 * complete, timeout or error), and never twice. A 5xx answer or an exception is an overload signal
 * for adaptive limits; a client that went away is not. Register it for the {@code REQUEST} and
 * {@code ASYNC} dispatcher types with async support on, since a queued request comes back through
 * an async dispatch. Build one with {@link #builder()}.
 *
 * <p>With a lease responder ({@link TailguardFilterBuilder#leases}) the filter also speaks the lease
 * protocol of docs/leases.md: it serves the lease stream, and checks a request's lease before the
 * gates above, answering 503 {@code lease-exhausted} or {@code lease-expired} when over it.
 */
public final class TailguardFilter implements Filter {

    static final String ADMITTED_ATTRIBUTE = TailguardFilter.class.getName() + ".admitted";
    private static final int TOO_MANY_REQUESTS = 429;
    private static final int UNAVAILABLE = 503;

    private final NanoClock clock;
    private final Scheduler scheduler;
    private final TokenBucket rate;
    private final KeyedRateLimiter<String> partitionRate;
    private final PartitionKey partitionKey;
    private final Map<String, ConcurrencyLimiter> partitionLimits;
    private final ConcurrencyLimiter otherPartitions;
    private final ConcurrencyLimiter limiter;
    private final BoundedQueue<Waiter> queue;
    private final DrainEstimator drain = new DrainEstimator(0.2);
    private final AdmissionCounts counts = new AdmissionCounts();
    private final LeaseEndpoint leases;
    /**
     * False when no part needs the time (no rate gate, no queue, only fixed limits): then the
     * clock is never read, which is a good share of a fixed limit's whole cost per request.
     */
    private final boolean timed;

    TailguardFilter(TailguardFilterBuilder builder) {
        this.clock = builder.scheduler.clock();
        this.scheduler = builder.scheduler;
        this.rate = builder.rate;
        this.partitionRate = builder.partitionRate;
        this.partitionKey = builder.partitionKey;
        this.partitionLimits = Map.copyOf(builder.partitionLimits);
        this.otherPartitions = builder.otherPartitions;
        this.limiter = builder.limiter;
        this.queue = builder.queue == null ? null : new BoundedQueue<>(builder.queue, (waiter, reason, waitedNanos) -> waiter.shed(reason));
        this.leases = builder.leases == null ? null : new LeaseEndpoint(builder.leases, counts);
        this.timed = leases != null || rate != null || partitionRate != null || queue != null || (limiter != null && limiter.adapts());
    }

    private long now() {
        return timed ? clock.nanoTime() : 0L;
    }

    /** Starts a builder; with nothing set, the filter admits everything. */
    public static TailguardFilterBuilder builder() {
        return new TailguardFilterBuilder();
    }

    @Override
    public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (!(request instanceof HttpServletRequest http) || !(response instanceof HttpServletResponse answer)) {
            chain.doFilter(request, response);
            return;
        }
        if (request.getDispatcherType() == DispatcherType.ASYNC && request.getAttribute(ADMITTED_ATTRIBUTE) instanceof Held held) {
            request.removeAttribute(ADMITTED_ATTRIBUTE); // a queued request, admitted and dispatched again
            run(http, answer, chain, held, null, null, 0L);
            return;
        }
        if (request.getDispatcherType() != DispatcherType.REQUEST) {
            chain.doFilter(request, response); // forwards, includes, the application's own async dispatches
            return;
        }
        long nowNanos = now();
        if (leases == null) {
            admit(http, answer, chain, nowNanos);
            return;
        }
        if (LeaseEndpoint.isStream(http)) {
            leases.openStream(http, answer);
            return;
        }
        LeaseResponder.Session session = leases.admit(http, answer, nowNanos);
        if (session == null) {
            return; // over the lease: answered 503 before anything else ran
        }
        LeaseStats stats = session.stats();
        if (stats == null) {
            admit(http, answer, chain, nowNanos);
            return;
        }
        LeaseCompletion completion = new LeaseCompletion(stats, clock, nowNanos);
        boolean failed = true;
        try {
            admit(http, answer, chain, nowNanos);
            failed = false;
        } finally {
            if (http.isAsyncStarted()) {
                http.getAsyncContext().addListener(completion);
            } else {
                completion.end(failed || answer.getStatus() >= 500);
            }
        }
    }

    /** The request passed the lease (if any): the rate gates, the limits and the queue decide. */
    private void admit(HttpServletRequest http, HttpServletResponse answer, FilterChain chain, long nowNanos)
            throws IOException, ServletException {
        String partition = partitionKey == null ? null : partitionKey.of(http);
        if (rate != null && !rate.tryAcquire(nowNanos, 1L)) {
            reject(answer, RejectReason.RATE_LIMITED, rate.nanosUntilAvailable(nowNanos, 1L));
            return;
        }
        if (partitionRate != null && partition != null) {
            long waitNanos = partitionRate.tryAcquire(nowNanos, partition);
            if (waitNanos > 0) {
                reject(answer, RejectReason.RATE_LIMITED, waitNanos);
                return;
            }
        }
        Permit partitionPermit = null;
        ConcurrencyLimiter partitionLimiter = partition == null ? otherPartitions : partitionLimits.getOrDefault(partition, otherPartitions);
        if (partitionLimiter != null) {
            Decision decision = partitionLimiter.tryAcquire(nowNanos);
            if (!decision.isAdmitted()) {
                reject(answer, decision.reason(), drainNanos());
                return;
            }
            partitionPermit = decision.permit();
        }
        Permit globalPermit = null;
        if (limiter != null) {
            // Behind a queue with someone waiting, a newcomer joins the queue instead of overtaking it.
            Decision decision = queue != null && !queue.isEmpty() ? null : limiter.tryAcquire(nowNanos);
            if (decision == null || !decision.isAdmitted()) {
                park(http, answer, partitionPermit, decision == null ? RejectReason.CONCURRENCY_LIMITED : decision.reason(), nowNanos);
                return;
            }
            globalPermit = decision.permit();
        }
        counts.admitted();
        run(http, answer, chain, null, globalPermit, partitionPermit, nowNanos);
    }

    /**
     * Runs the application with the permits held (either {@code held}, or the two permits taken on
     * this thread) and releases them when the response completes. The synchronous path allocates
     * nothing of its own; an async request gets one listener.
     */
    private void run(HttpServletRequest request, HttpServletResponse response, FilterChain chain, Held held,
            Permit global, Permit partition, long startNanos) throws IOException, ServletException {
        boolean failed = true;
        try {
            chain.doFilter(request, response);
            failed = false;
        } finally {
            if (request.isAsyncStarted()) {
                Held listener = held != null ? held : new Held(this, global, partition, startNanos);
                request.getAsyncContext().addListener(listener);
            } else {
                Outcome outcome = failed ? Outcome.DROPPED : Outcome.ofStatus(response.getStatus());
                if (held != null) {
                    held.release(outcome);
                } else {
                    release(global, partition, startNanos, outcome);
                }
            }
        }
    }

    /** Completes a request's permits, learns its service time, and lets waiting requests in. */
    void release(Permit global, Permit partition, long startNanos, Outcome outcome) {
        long nowNanos = now();
        if (global != null) {
            outcome.complete(global, nowNanos);
            // The drain estimate is used when requests wait; learning it only then keeps its lock
            // off the path of a filter that is not overloaded.
            if (queue != null && !queue.isEmpty()) {
                drain.observe(nowNanos - startNanos);
            }
        }
        if (partition != null) {
            outcome.complete(partition, nowNanos);
        }
        if (queue != null && !queue.isEmpty()) {
            admitWaiting(nowNanos);
        }
    }

    /** The global limit refused: wait in the queue if there is one and it has room, else answer 503. */
    private void park(HttpServletRequest request, HttpServletResponse response, Permit partition,
            RejectReason refusal, long nowNanos) {
        if (queue == null || !request.isAsyncSupported()) {
            ignore(partition);
            reject(response, refusal, drainNanos());
            return;
        }
        AsyncContext async = request.startAsync();
        async.setTimeout(0); // the queue's own maximum queueing time decides
        Waiter waiter = new Waiter(this, async, partition);
        async.addListener(waiter);
        if (!queue.offer(nowNanos, waiter)) {
            waiter.shed(RejectReason.QUEUE_FULL);
            return;
        }
        long maxQueueingNanos = queue.config().maxQueueingNanos();
        if (maxQueueingNanos > 0) {
            // One nanosecond past the limit, so the waiter has waited longer than allowed when checked.
            scheduler.schedule(maxQueueingNanos + 1, () -> queue.expire(clock.nanoTime()));
        }
        admitWaiting(nowNanos); // a permit may have been freed between the refusal and the offer
    }

    /** Admits waiting requests, oldest first, while the global limiter has permits. */
    private void admitWaiting(long nowNanos) {
        while (!queue.isEmpty()) {
            Decision decision = limiter.tryAcquire(nowNanos);
            if (!decision.isAdmitted()) {
                return;
            }
            Waiter next = queue.poll(nowNanos); // sheds, through the listener, whoever waited too long
            if (next == null) {
                decision.permit().onIgnore();
                return;
            }
            if (next.admit(decision.permit(), nowNanos)) {
                counts.admitted();
            } else {
                decision.permit().onIgnore();
            }
        }
    }

    /** Answers a parked request that was shed, and gives its partition place back. */
    void rejectParked(AsyncContext async, Permit partition, RejectReason reason) {
        ignore(partition);
        try {
            reject((HttpServletResponse) async.getResponse(), reason, drainNanos());
        } catch (RuntimeException e) {
            // The response is already closed (the client is gone): nobody is left to tell.
        } finally {
            async.complete();
        }
    }

    /** A parked request whose client left: take it out of the queue and give its partition place back. */
    void withdraw(Waiter waiter, Permit partition) {
        queue.remove(waiter);
        ignore(partition);
    }

    private static void ignore(Permit permit) {
        if (permit != null) {
            permit.onIgnore();
        }
    }

    /** The expected wait before a place frees up, or the queue's timeout while nothing is known. */
    private long drainNanos() {
        if (limiter == null || queue == null) {
            return 0L;
        }
        long waitNanos = drain.expectedWaitNanos(queue.size(), limiter.limit());
        return waitNanos == DrainEstimator.UNKNOWN ? queue.config().maxQueueingNanos() : waitNanos;
    }

    private void reject(HttpServletResponse response, RejectReason reason, long waitNanos) {
        counts.rejected(reason);
        // A bare status and no body: an error page would cost the overloaded server more work.
        response.setStatus(reason == RejectReason.RATE_LIMITED ? TOO_MANY_REQUESTS : UNAVAILABLE);
        response.setHeader("Retry-After", Long.toString(RetryAfter.seconds(waitNanos)));
        response.setContentLength(0);
    }

    /** Ends every lease session and stream, so requesters see the responder go. */
    @Override
    public void destroy() {
        if (leases != null) {
            leases.close();
        }
    }

    static int status(ServletResponse response) {
        return response instanceof HttpServletResponse http ? http.getStatus() : 200;
    }

    /** Returns the tally of admitted and rejected requests, for metrics. */
    public AdmissionCounts counts() {
        return counts;
    }

    /** Returns the global concurrency limiter, or null if none is set. */
    public ConcurrencyLimiter limiter() {
        return limiter;
    }

    /** Returns the queue of requests waiting for the global limiter, or null if none is set. */
    public BoundedQueue<?> queue() {
        return queue;
    }

    /** Returns the global rate gate, or null if none is set. */
    public TokenBucket rateGate() {
        return rate;
    }

    /** Returns the concurrency limiter of {@code partition}, the shared one of unlisted keys, or null if neither is set. */
    public ConcurrencyLimiter partitionLimiter(String partition) {
        return partition == null ? otherPartitions : partitionLimits.getOrDefault(partition, otherPartitions);
    }
}
