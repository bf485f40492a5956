package io.tailguard.lease;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Thread-safe state of one installed lease: its allowance, its expiry and the requests left.
 * Replacing a lease means installing a new state object, so no count can leak from the old one.
 */
final class LeaseState {

    /** The state before any lease: expired, nothing left. */
    static final LeaseState NONE = new LeaseState(0, Long.MIN_VALUE, 0L, 0);

    private final int allowed;
    private final long installedNanos;
    private final long ttlNanos;
    private final AtomicInteger remaining;

    private LeaseState(int allowed, long installedNanos, long ttlNanos, int remaining) {
        this.allowed = allowed;
        this.installedNanos = installedNanos;
        this.ttlNanos = ttlNanos;
        this.remaining = new AtomicInteger(remaining);
    }

    static LeaseState of(Lease lease, long nowNanos) {
        return new LeaseState(lease.allowedRequests(), nowNanos, lease.timeToLiveNanos(),
                lease.allowedRequests());
    }

    /**
     * True when there is no lease or {@code nowNanos} is at or past the expiry. A reading taken a
     * little before installation (a racing thread) counts as inside the lease.
     */
    boolean isExpired(long nowNanos) {
        return allowed == 0 || nowNanos - installedNanos >= ttlNanos;
    }

    /** Takes one request from the allowance; false when none is left. */
    boolean tryTake() {
        while (true) {
            int left = remaining.get();
            if (left <= 0) {
                return false;
            }
            if (remaining.compareAndSet(left, left - 1)) {
                return true;
            }
        }
    }

    /** Takes one request if any is left, never going below zero. */
    void consume() {
        tryTake();
    }

    int remaining() {
        return remaining.get();
    }

    /** Nanoseconds of validity left at {@code nowNanos}; 0 when expired or absent. */
    long validForNanos(long nowNanos) {
        return isExpired(nowNanos) ? 0L : ttlNanos - (nowNanos - installedNanos);
    }

    int allowed() {
        return allowed;
    }

    double availability(long nowNanos) {
        if (isExpired(nowNanos)) {
            return 0.0;
        }
        return (double) remaining.get() / allowed;
    }

    @Override
    public String toString() {
        return allowed == 0 ? "none" : remaining.get() + "/" + allowed + " ttl=" + ttlNanos + "ns";
    }
}
