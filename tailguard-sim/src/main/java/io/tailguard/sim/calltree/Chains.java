package io.tailguard.sim.calltree;

import io.tailguard.sim.calltree.Topology.RouteSpec;
import io.tailguard.sim.calltree.Topology.ServiceSpec;
import java.util.List;
import java.util.function.Supplier;

/** Thread-safe (stateless) topologies the published failure series uses more than once. */
public final class Chains {

    /** Attempts per hop in the published retry policy. */
    public static final int ATTEMPTS = 3;
    /** Per-call timeout, ms. */
    public static final double TIMEOUT_MS = 400;
    /** Fixed backoff, ms. */
    public static final double BACKOFF_MS = 50;

    private Chains() {
    }

    /**
     * The retry-storm chain: frontend (200 workers, 5 ms) → service-a (200, 5 ms) → database (10
     * workers, {@code database}); route checkout at 50 rps with a {@code deadlineMs} deadline.
     */
    public static Topology checkout(Supplier<OwnWork> database, int attempts, long deadlineMs) {
        return new Topology(List.of(
                new ServiceSpec("frontend", 200, () -> OwnWork.constant(5)),
                new ServiceSpec("service-a", 200, () -> OwnWork.constant(5)),
                new ServiceSpec("database", 10, database)),
                List.of(new RouteSpec("checkout", new int[] {0, 1, 2}, 50.0, deadlineMs)),
                attempts, TIMEOUT_MS, Policies.naive());
    }
}
