package io.tailguard.proxy;

import io.tailguard.admission.Decision;
import io.tailguard.admission.RejectReason;
import io.tailguard.balance.Balancer;
import io.tailguard.balance.LeastLoadedBalancer;
import io.tailguard.balance.PowerOfTwoAvailabilityBalancer;
import io.tailguard.balance.PowerOfTwoChoicesBalancer;
import io.tailguard.balance.RoundRobinBalancer;
import io.tailguard.path.Limits;
import io.tailguard.proxy.config.PathSettings;
import io.tailguard.proxy.config.PoolConfig;
import io.tailguard.queue.BoundedQueue;
import io.tailguard.queue.DrainEstimator;
import io.tailguard.retry.RetryBudget;
import io.tailguard.time.NanoClock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Thread-safe: a pool of backends behind one bounded queue. It owns no policy of its own: the
 * per-backend caps are core {@code ConcurrencyLimiter}s, the waiting room is a core
 * {@link BoundedQueue}, the choice of backend is a core {@link Balancer}, the expected wait comes
 * from a core {@link DrainEstimator}. It only wires them to exchanges.
 *
 * <p>Ordering: a request goes straight to a backend only when nobody is waiting, so the queue stays
 * FIFO (or whatever its discipline says). Whoever frees a permit or enqueues a request then drains
 * the queue; because each takes a permit before polling, and each re-checks the other's side after
 * changing its own, no request is left waiting while a permit is free.
 */
final class Pool {

    private final PoolConfig config;
    private final NanoClock clock;
    private final ProxyMetrics metrics;
    private final Backend[] backends;
    private final Balancer balancer;
    private final BoundedQueue<Exchange> queue;
    private final DrainEstimator drain = new DrainEstimator(0.2);
    private final RetryBudget retryBudget;
    private final LeaseLinks leases;

    Pool(PoolConfig config, Transport transport, NanoClock clock, ProxyMetrics metrics) {
        this.config = config;
        this.clock = clock;
        this.metrics = metrics;
        this.retryBudget = new RetryBudget(config.retryBudget());
        this.leases = LeaseLinks.needed(config.balancer()) ? LeaseLinks.start(config, transport, clock, metrics) : null;
        List<Backend> list = new ArrayList<>();
        for (int i = 0; i < config.backends().size(); i++) {
            list.add(new Backend(i, config.backends().get(i), Limits.create(PathSettings.pool(config)), config, transport,
                    leases == null ? null : leases.get(i)));
        }
        this.backends = list.toArray(new Backend[0]);
        this.balancer = switch (config.balancer()) {
            case ROUND_ROBIN -> new RoundRobinBalancer(backends.length);
            case LEAST_LOADED -> new LeastLoadedBalancer(list);
            case P2C_PEAK_EWMA -> new PowerOfTwoChoicesBalancer(backends.length,
                    PowerOfTwoChoicesBalancer.Config.defaults(), new SplittableRandom(backends.length));
            case LEAST_LOADED_BY_LEASE -> new LeastLoadedBalancer(leases.all());
            case P2C_BY_AVAILABILITY -> new PowerOfTwoAvailabilityBalancer(leases.all(),
                    new SplittableRandom(backends.length));
        };
        this.queue = config.queue() == 0 ? null : new BoundedQueue<>(config.queueConfig(),
                (exchange, reason, waitedNanos) -> exchange.rejectLater(reason));
        metrics.registerPool(this);
    }

    /** Closes the pool's lease streams, if it balances by lease. */
    void close() {
        if (leases != null) {
            leases.close();
        }
    }

    String name() {
        return config.name();
    }

    PoolConfig config() {
        return config;
    }

    Backend[] backends() {
        return backends.clone();
    }

    /** True if a request could go to another backend of this pool (hedging needs a second one). */
    boolean hasSeveralBackends() {
        return backends.length > 1;
    }

    int queued() {
        return queue == null ? 0 : queue.size();
    }

    /** Admits {@code exchange} to a backend, queues it, or rejects it. Called on its event loop. */
    void submit(Exchange exchange) {
        long nowNanos = clock.nanoTime();
        retryBudget.deposit(nowNanos);
        if (!drain.worthStarting(exchange.remainingNanos(nowNanos))) {
            exchange.reject(RejectReason.DEADLINE_EXCEEDED); // shorter than one service time
            return;
        }
        if (queue == null || queue.isEmpty()) {
            Assignment assignment = tryAssign(nowNanos);
            if (assignment != null) {
                metrics.admitted(this);
                exchange.start(assignment, 0L);
                return;
            }
            if (queue == null) {
                exchange.reject(RejectReason.CONCURRENCY_LIMITED);
                return;
            }
        }
        long remainingNanos = exchange.remainingNanos(nowNanos);
        if (!drain.finishesInTime(queue.size(), totalLimit(), remainingNanos)) {
            exchange.reject(RejectReason.DEADLINE_EXCEEDED);
            return;
        }
        exchange.markQueued(nowNanos);
        if (!queue.offer(nowNanos, exchange)) {
            exchange.reject(RejectReason.QUEUE_FULL);
            return;
        }
        metrics.queued(this);
        boolean deadlineFirst = remainingNanos < config.queueTimeout().toNanos();
        exchange.armQueueTimer(deadlineFirst ? remainingNanos : config.queueTimeout().toNanos(),
                deadlineFirst ? RejectReason.DEADLINE_EXCEEDED : RejectReason.QUEUE_TIMEOUT);
        drain();
    }

    /** Takes a queued exchange out (its client left or its time ran out); true if it was waiting. */
    boolean withdraw(Exchange exchange) {
        return queue != null && queue.remove(exchange);
    }

    /** Completes an assignment's permit, teaches the balancer and drain estimate, then drains. */
    void complete(Assignment assignment, Outcome outcome) {
        long nowNanos = clock.nanoTime();
        long heldNanos = nowNanos - assignment.startNanos();
        switch (outcome) {
            case SUCCESS -> assignment.permit().onSuccess(nowNanos);
            case DROPPED -> assignment.permit().onDropped(nowNanos);
            case IGNORED -> assignment.permit().onIgnore();
        }
        if (outcome != Outcome.IGNORED) {
            drain.observe(heldNanos);
        }
        balancer.onComplete(nowNanos, assignment.backend().index(), heldNanos, outcome == Outcome.SUCCESS);
        metrics.upstream(assignment.backend(), heldNanos, outcome);
        drain();
    }

    /**
     * Returns the seconds a rejected client should wait before trying again: the time the queue
     * needs to drain at its observed rate, or the queue timeout before any request completed.
     */
    long retryAfterSeconds() {
        long waitNanos = drain.expectedWaitNanos(queued(), totalLimit());
        if (waitNanos == DrainEstimator.UNKNOWN) {
            waitNanos = config.queueTimeout().toNanos();
        }
        return retryAfterSeconds(waitNanos);
    }

    /** A wait as the whole seconds {@code Retry-After} carries: rounded up, at least 1. */
    static long retryAfterSeconds(long waitNanos) {
        return Math.max(1L, (waitNanos + 999_999_999L) / 1_000_000_000L);
    }

    /** True if a refused connection may be retried on another backend. */
    boolean retryBudgetAllows() {
        return backends.length > 1 && retryBudget.tryWithdraw(clock.nanoTime());
    }

    NanoClock clock() {
        return clock;
    }

    private void drain() {
        while (queue != null && !queue.isEmpty()) {
            long nowNanos = clock.nanoTime();
            Assignment assignment = tryAssign(nowNanos);
            if (assignment == null) {
                return;
            }
            Exchange next = queue.poll(nowNanos);
            // A request whose budget cannot cover one service time would only make the backend work
            // for a client that will be gone: answer it now and give its place to the next.
            while (next != null && !drain.worthStarting(next.remainingNanos(nowNanos))) {
                next.rejectLater(RejectReason.DEADLINE_EXCEEDED);
                next = queue.poll(nowNanos);
            }
            if (next == null) {
                assignment.permit().onIgnore();
                balancer.onComplete(nowNanos, assignment.backend().index(), 0L, false);
                continue;
            }
            metrics.admitted(this);
            next.startLater(assignment, nowNanos);
        }
    }

    /**
     * Takes a permit on the balancer's choice or, if that one is full or ejected, on the next backend
     * that has room. Ejected backends are skipped unless all are ejected.
     */
    private Assignment tryAssign(long nowNanos) {
        int first = balancer.pick(nowNanos);
        Assignment assignment = firstWithRoom(first, nowNanos, Set.of());
        if (assignment == null || assignment.backend().index() != first) {
            balancer.onComplete(nowNanos, first, 0L, false); // the pick was not used
        }
        return assignment;
    }

    /** Returns another backend with room than {@code excluded}, for a retry, or null. */
    Assignment tryAssignOther(Backend excluded) {
        return tryAssignExcept(Set.of(excluded));
    }

    /** Returns a permit on a backend with room that is not in {@code excluded} and not ejected, or null. */
    Assignment tryAssignExcept(Set<Backend> excluded) {
        return firstWithRoom(0, clock.nanoTime(), excluded);
    }

    /**
     * Takes a permit on the first backend, counting round the pool from {@code first}, that has room
     * and is not in {@code excluded}. Ejected backends are skipped, unless every backend is ejected:
     * then a second round tries them all (a pool that refuses everything still gets its chance).
     */
    private Assignment firstWithRoom(int first, long nowNanos, Set<Backend> excluded) {
        int n = backends.length;
        int ejected = 0;
        for (int round = 0; round < 2; round++) {
            boolean ejectedToo = round == 1;
            for (int k = 0; k < n; k++) {
                Backend backend = backends[(first + k) % n];
                if (excluded.contains(backend)) {
                    continue;
                }
                if (!ejectedToo && backend.ejected(nowNanos)) {
                    ejected++;
                    continue;
                }
                Decision decision = backend.limiter().tryAcquire(nowNanos);
                if (decision.isAdmitted()) {
                    return new Assignment(backend, decision.permit(), nowNanos);
                }
            }
            if (ejected < n) {
                return null; // some backend was not ejected and had no room: the ejected stay skipped
            }
        }
        return null;
    }

    private int totalLimit() {
        int total = 0;
        for (Backend backend : backends) {
            total += backend.limiter().limit();
        }
        return Math.max(1, total);
    }
}
