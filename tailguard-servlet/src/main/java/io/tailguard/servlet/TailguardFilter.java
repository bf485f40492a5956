package io.tailguard.servlet;

import io.tailguard.admission.AdmissionCounts;
import io.tailguard.admission.Decision;
import io.tailguard.admission.Permit;
import io.tailguard.admission.RejectReason;
import io.tailguard.lease.LeaseResponder;
import io.tailguard.lease.LeaseStats;
import io.tailguard.limit.ConcurrencyLimiter;
import io.tailguard.path.Completion;
import io.tailguard.path.DecisionPath;
import io.tailguard.path.LocalAnswer;
import io.tailguard.path.PathHost;
import io.tailguard.path.PoolSettings;
import io.tailguard.path.Ticket;
import io.tailguard.queue.BoundedQueue;
import io.tailguard.queue.QueueDiscipline;
import io.tailguard.retry.RetryBudgetConfig;
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
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

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
    /** The global limit and its queue, as the core decision path of one pool of one backend; null without a limiter. */
    private final DecisionPath<Pass> path;
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
        this.path = limiter == null ? null : new DecisionPath<>(poolSettings(limiter), List.of(limiter), builder.queue,
                scheduler, new FilterHost(), new SplittableRandom(0));
        this.leases = builder.leases == null ? null : new LeaseEndpoint(builder.leases, counts);
        this.timed = leases != null || rate != null || partitionRate != null || builder.queue != null
                || (limiter != null && limiter.adapts());
    }

    /**
     * The application as a pool of one backend whose cap is the global limiter: no response timeout
     * (the container's async timeout governs a running request) and no retries. Without a queue the
     * queue timeout is one nanosecond, so a refusal's {@code Retry-After} is its floor of one second.
     */
    private static PoolSettings poolSettings(ConcurrencyLimiter limiter) {
        return new PoolSettings("servlet", 1, Math.max(1, limiter.limit()), io.tailguard.path.LimitKind.FIXED, 0,
                Duration.ofNanos(1), QueueDiscipline.FIFO, io.tailguard.path.BalancerKind.ROUND_ROBIN, Duration.ZERO,
                new RetryBudgetConfig(0.0, 0, Duration.ofSeconds(1)), 1, Duration.ofNanos(1), true);
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
            run(http, answer, chain, held);
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
        if (path == null) {
            counts.admitted();
            runAtOnce(http, answer, chain, null, partitionPermit, nowNanos);
            return;
        }
        Permit global = path.admitAtOnce(nowNanos);
        if (global != null) {
            counts.admitted();
            runAtOnce(http, answer, chain, global, partitionPermit, nowNanos);
            return;
        }
        Pass pass = new Pass(this, http, partitionPermit);
        pass.ticket = path.submit(pass, Long.MAX_VALUE, http.isAsyncSupported(), nowNanos);
        switch (pass.get()) {
            case Pass.ADMITTED -> run(http, answer, chain, new Held(this, pass.ticket, partitionPermit));
            case Pass.ANSWERED -> {
                ignore(partitionPermit);
                reject(answer, pass.answer, pass.retryAfterSeconds);
            }
            default -> pass.park();
        }
    }

    /**
     * Runs the application with what {@code held} holds and releases it when the response
     * completes: at once for a synchronous servlet, through {@code held} as a listener for an async one.
     */
    private void run(HttpServletRequest request, HttpServletResponse response, FilterChain chain, Held held)
            throws IOException, ServletException {
        boolean failed = true;
        try {
            chain.doFilter(request, response);
            failed = false;
        } finally {
            if (request.isAsyncStarted()) {
                request.getAsyncContext().addListener(held);
            } else {
                held.release(failed ? Completion.DROPPED : ofStatus(response.getStatus()));
            }
        }
    }

    /**
     * Runs the application with the permits taken on this thread, nobody waiting, and completes
     * them when the response completes. The synchronous path allocates nothing of its own; an async
     * request gets one listener.
     */
    private void runAtOnce(HttpServletRequest request, HttpServletResponse response, FilterChain chain, Permit global,
                           Permit partition, long startNanos) throws IOException, ServletException {
        boolean failed = true;
        try {
            chain.doFilter(request, response);
            failed = false;
        } finally {
            if (request.isAsyncStarted()) {
                request.getAsyncContext().addListener(new Held(this, global, partition, startNanos));
            } else {
                releaseAtOnce(global, partition, startNanos, failed ? Completion.DROPPED : ofStatus(response.getStatus()));
            }
        }
    }

    /** Completes permits taken at once: the global one through the path, which lets waiting requests in. */
    void releaseAtOnce(Permit global, Permit partition, long startNanos, Completion completion) {
        long nowNanos = now();
        if (global != null) {
            path.completeAtOnce(global, startNanos, completion, nowNanos);
        }
        if (partition != null) {
            complete(partition, completion, nowNanos);
        }
    }

    /** Completes a request's global permit through its ticket (which lets waiting requests in) and its partition's. */
    void release(Ticket<Pass> ticket, Permit partition, Completion completion) {
        long nowNanos = now();
        if (ticket != null) {
            path.responded(ticket, 0, nowNanos);
            path.ended(ticket, 0, completion, nowNanos);
        }
        if (partition != null) {
            complete(partition, completion, nowNanos);
        }
    }

    /** Answers a parked request the path refused (its wait ran out), and gives its partition place back. */
    void rejectParked(AsyncContext async, Permit partition, LocalAnswer answer, long retryAfterSeconds) {
        ignore(partition);
        try {
            reject((HttpServletResponse) async.getResponse(), answer, retryAfterSeconds);
        } catch (RuntimeException e) {
            // The response is already closed (the client is gone): nobody is left to tell.
        } finally {
            async.complete();
        }
    }

    /** A parked request whose client left: the path withdraws it; its partition place comes back. */
    void withdraw(Pass pass) {
        path.clientLeft(pass.ticket, now());
        ignore(pass.partition);
    }

    private static void ignore(Permit permit) {
        if (permit != null) {
            permit.onIgnore();
        }
    }

    /** The expected wait before a place frees up, or the queue's timeout while nothing is known. */
    private long drainNanos() {
        return path == null ? 0L : path.retryAfterSeconds() * 1_000_000_000L;
    }

    private void reject(HttpServletResponse response, LocalAnswer answer, long retryAfterSeconds) {
        RejectReason reason = RejectReason.valueOf(answer.name());
        counts.rejected(reason);
        response.setStatus(answer.status());
        response.setHeader("Retry-After", Long.toString(Math.max(1L, retryAfterSeconds)));
        response.setContentLength(0);
    }

    /** Not thread-safe by itself (each command acts on one request's {@link Pass}): carries the path's decisions out. */
    private final class FilterHost implements PathHost<Pass> {

        @Override
        public void forward(Pass pass, int backend, int attempt) {
            counts.admitted();
            pass.admitted();
        }

        @Override
        public void answer(Pass pass, LocalAnswer answer, long retryAfterSeconds) {
            pass.refused(answer, retryAfterSeconds);
        }

        @Override
        public void cancel(Pass pass, int attempt) {
            // A running request is the application's: the filter never abandons one.
        }
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

    /** A 5xx status is an overload signal; anything else a success. */
    static Completion ofStatus(int status) {
        return status >= 500 ? Completion.DROPPED : Completion.SUCCESS;
    }

    private static void complete(Permit permit, Completion completion, long nowNanos) {
        switch (completion) {
            case SUCCESS -> permit.onSuccess(nowNanos);
            case DROPPED -> permit.onDropped(nowNanos);
            default -> permit.onIgnore();
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
        return path == null ? null : path.queue();
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
