package io.tailguard.sim.calltree;

import java.util.List;

/**
 * Thread-safe (immutable, but {@link ServiceSpec#work} factories build stateful functions) description
 * of a call-tree scenario: services, routes and the policies on them.
 *
 * @param services     the services, in table order
 * @param routes       the routes, in spawn order
 * @param attempts     attempts per hop (1 = no retry)
 * @param timeoutMs    per-call timeout a caller waits for each attempt
 * @param policies     breakers, budget and bulkhead (all optional)
 */
public record Topology(List<ServiceSpec> services, List<RouteSpec> routes, int attempts, double timeoutMs,
                       Policies policies) {

    /** A service: name, workers, and a factory of its own-work function (called once per run). */
    public record ServiceSpec(String name, int workers, java.util.function.Supplier<OwnWork> work) {
    }

    /** A route: name, chain of service indexes, rate (per second) and scoring deadline (ms). */
    public record RouteSpec(String name, int[] chain, double ratePerSecond, long deadlineMs) {
    }

    /** Returns the index of the service called {@code name}. */
    public int service(String name) {
        for (int i = 0; i < services.size(); i++) {
            if (services.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException("service must be one of the topology's but was " + name);
    }

    /** Returns the largest route deadline, which sets the window count. */
    public long maxDeadlineMs() {
        long max = 0;
        for (RouteSpec r : routes) {
            max = Math.max(max, r.deadlineMs());
        }
        return max;
    }

    /** Returns this topology with other policies. */
    public Topology with(Policies other) {
        return new Topology(services, routes, attempts, timeoutMs, other);
    }

    /** Returns this topology with {@code n} attempts per hop. */
    public Topology withAttempts(int n) {
        return new Topology(services, routes, n, timeoutMs, policies);
    }
}
