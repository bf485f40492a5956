package io.tailguard.sim.calltree;

import io.tailguard.deadline.DeadlineBudget;
import io.tailguard.retry.Backoff;
import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Thread-safe (immutable) policies of a call-tree run, each a core policy or an adapter over one.
 *
 * @param backoff          wait before each retry (core {@link Backoff})
 * @param breakers         edge "caller->callee" → factory of that edge's breaker (one per run)
 * @param budget           deadline budget applied to every request, or null
 * @param bulkheadService  index of the service partitioned per route, or -1
 * @param bulkheadLimits   per route, the workers of its partition at that service
 */
public record Policies(Backoff backoff, Map<String, Supplier<EdgeBreaker>> breakers, DeadlineBudget budget,
                       int bulkheadService, int[] bulkheadLimits) {

    /** The published retry policy's 50 ms fixed backoff, nothing else. */
    public static Policies naive() {
        return new Policies(Backoff.fixed(Duration.ofMillis(50)), Map.of(), null, -1, null);
    }

    /** Returns these policies with {@code edges} breakered. */
    public Policies withBreakers(Map<String, Supplier<EdgeBreaker>> edges) {
        return new Policies(backoff, edges, budget, bulkheadService, bulkheadLimits);
    }

    /** Returns these policies with a deadline budget. */
    public Policies withBudget(DeadlineBudget deadline) {
        return new Policies(backoff, breakers, deadline, bulkheadService, bulkheadLimits);
    }

    /** Returns these policies with {@code service} partitioned per route into {@code limits}. */
    public Policies withBulkhead(int service, int... limits) {
        return new Policies(backoff, breakers, budget, service, limits.clone());
    }
}
