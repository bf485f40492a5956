package io.tailguard.sim.calltree;

import io.tailguard.admission.Decision;
import io.tailguard.admission.Permit;
import io.tailguard.limit.ConcurrencyLimiter;
import java.util.ArrayDeque;

/**
 * Not thread-safe worker pool of a service (or of one route's partition of it, a bulkhead): the core
 * {@link ConcurrencyLimiter} with a fixed limit decides whether work starts, and work that may not
 * start waits in this lane's unbounded FIFO line.
 */
final class WorkerLane {

    final ConcurrencyLimiter limiter;
    final ArrayDeque<CallTree.Node> line = new ArrayDeque<>();

    WorkerLane(int workers) {
        this.limiter = ConcurrencyLimiter.fixed(workers);
    }

    /** Takes a worker for {@code node} if one is free; returns false (nothing taken) otherwise. */
    boolean tryStart(CallTree.Node node, long nowNanos) {
        Decision d = limiter.tryAcquire(nowNanos);
        if (d instanceof Permit p) {
            node.permit = p;
            return true;
        }
        return false;
    }

    /** Gives back {@code node}'s worker. */
    static void release(CallTree.Node node, long nowNanos) {
        node.permit.onSuccess(nowNanos);
        node.permit = null;
    }
}
