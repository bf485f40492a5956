package io.tailguard.path;

import io.tailguard.admission.Decision;
import io.tailguard.balance.Availability;
import io.tailguard.balance.Balancer;
import io.tailguard.balance.LeastLoadedBalancer;
import io.tailguard.balance.PowerOfTwoAvailabilityBalancer;
import io.tailguard.balance.PowerOfTwoChoicesBalancer;
import io.tailguard.balance.RoundRobinBalancer;
import io.tailguard.lease.LeaseView;
import io.tailguard.limit.ConcurrencyLimiter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.random.RandomGenerator;

/**
 * Thread-safe: a pool's backends as the decision path sees them: a core concurrency limiter each,
 * passive ejection after refused connections, the lease each granted (when the balancer reads
 * leases) and the core balancer that picks among them.
 */
final class Backends {

    private final PoolSettings settings;
    private final ConcurrencyLimiter[] limiters;
    private final LeaseView[] leases;
    private final Balancer balancer;
    private final AtomicIntegerArray refusedInARow;
    private final AtomicLongArray ejectedUntilNanos;
    private final long ejectForNanos;

    /** Builds the backends' limiters from {@code settings}, or takes {@code given} (one per backend) when not null. */
    Backends(PoolSettings settings, List<? extends ConcurrencyLimiter> given, RandomGenerator random) {
        this.settings = settings;
        int n = settings.backends();
        this.limiters = new ConcurrencyLimiter[n];
        this.refusedInARow = new AtomicIntegerArray(n);
        this.ejectedUntilNanos = new AtomicLongArray(n);
        this.ejectForNanos = settings.ejectFor().toNanos();
        List<Availability> room = new ArrayList<>();
        if (given != null && given.size() != n) {
            throw new IllegalArgumentException("limiters must have one limiter per backend (" + n + ") but had "
                    + given.size());
        }
        for (int i = 0; i < n; i++) {
            limiters[i] = given == null ? Limits.create(settings) : given.get(i);
            ejectedUntilNanos.set(i, Long.MIN_VALUE);
            ConcurrencyLimiter limiter = limiters[i];
            room.add(nowNanos -> Math.max(0.0, (limiter.limit() - limiter.inFlight()) / (double) limiter.limit()));
        }
        this.leases = settings.balancer().readsLeases() ? new LeaseView[n] : null;
        if (leases != null) {
            for (int i = 0; i < n; i++) {
                leases[i] = new LeaseView();
            }
        }
        this.balancer = switch (settings.balancer()) {
            case ROUND_ROBIN -> new RoundRobinBalancer(n);
            case LEAST_LOADED -> new LeastLoadedBalancer(room);
            case P2C_PEAK_EWMA -> new PowerOfTwoChoicesBalancer(n, PowerOfTwoChoicesBalancer.Config.defaults(), random);
            case LEAST_LOADED_BY_LEASE -> new LeastLoadedBalancer(List.of(leases));
            case P2C_BY_AVAILABILITY -> new PowerOfTwoAvailabilityBalancer(List.of(leases), random);
        };
    }

    int size() {
        return limiters.length;
    }

    ConcurrencyLimiter limiter(int backend) {
        return limiters[backend];
    }

    /** Returns backend {@code backend}'s lease view, or null when the balancer reads no leases. */
    LeaseView lease(int backend) {
        return leases == null ? null : leases[backend];
    }

    /** The sum of the current limits, at least 1: the workers the queue drains into. */
    int totalLimit() {
        int total = 0;
        for (ConcurrencyLimiter limiter : limiters) {
            total += limiter.limit();
        }
        return Math.max(1, total);
    }

    int inFlight() {
        int total = 0;
        for (ConcurrencyLimiter limiter : limiters) {
            total += limiter.inFlight();
        }
        return total;
    }

    /**
     * Takes a permit on the balancer's choice or, if that one is full or ejected, on the next backend
     * round the pool that has room; null if none has.
     */
    Grant acquire(long nowNanos) {
        int first = balancer.pick(nowNanos);
        Grant grant = firstWithRoom(first, nowNanos, 0L);
        if (grant == null || grant.backend() != first) {
            balancer.onComplete(nowNanos, first, 0L, false); // the pick was not used
        }
        return grant;
    }

    /** Takes a permit on a backend not in {@code excludedMask} (bit i: backend i), for a retry or a hedge; or null. */
    Grant acquireOther(long nowNanos, long excludedMask) {
        return firstWithRoom(0, nowNanos, excludedMask);
    }

    /**
     * Takes a permit on the first backend, counting round from {@code first}, that has room and is
     * not excluded. Ejected backends are skipped, unless every backend is ejected: then a second round
     * tries them all, so a pool that refuses everything still gets its chance.
     */
    private Grant firstWithRoom(int first, long nowNanos, long excludedMask) {
        int n = limiters.length;
        int ejected = 0;
        for (int round = 0; round < 2; round++) {
            for (int k = 0; k < n; k++) {
                int backend = (first + k) % n;
                if (excluded(excludedMask, backend)) {
                    continue;
                }
                if (round == 0 && ejected(backend, nowNanos)) {
                    ejected++;
                    continue;
                }
                Decision decision = limiters[backend].tryAcquire(nowNanos);
                if (decision.isAdmitted()) {
                    return new Grant(backend, decision.permit(), nowNanos);
                }
            }
            if (ejected < n) {
                return null;
            }
        }
        return null;
    }

    static boolean excluded(long mask, int backend) {
        return backend < 64 && (mask & (1L << backend)) != 0;
    }

    static long with(long mask, int backend) {
        return backend < 64 ? mask | (1L << backend) : mask;
    }

    boolean ejected(int backend, long nowNanos) {
        long until = ejectedUntilNanos.get(backend);
        return until != Long.MIN_VALUE && nowNanos - until < 0;
    }

    /** Counts a refused connection; ejects the backend after {@code ejectAfter} in a row. */
    void refused(int backend, long nowNanos) {
        if (refusedInARow.incrementAndGet(backend) >= settings.ejectAfter()) {
            refusedInARow.set(backend, 0);
            ejectedUntilNanos.set(backend, nowNanos + ejectForNanos);
        }
    }

    void connected(int backend) {
        // nearly every connection opens: a volatile write each time would pull the shared counter's line into every core
        if (refusedInARow.get(backend) != 0) {
            refusedInARow.set(backend, 0);
        }
    }

    /** A permit's request reached the backend: the lease it was sent under has one less. */
    void sent(int backend) {
        if (leases != null) {
            leases[backend].onSent();
        }
    }

    /** Teaches the balancer how an attempt on {@code backend} ended. */
    void completed(long nowNanos, int backend, long heldNanos, boolean success) {
        balancer.onComplete(nowNanos, backend, heldNanos, success);
    }
}
