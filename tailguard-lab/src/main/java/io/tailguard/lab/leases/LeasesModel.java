package io.tailguard.lab.leases;

import io.tailguard.sim.lease.LeaseDemo;

/**
 * Thread-safe (stateless) one row of the leases experiment: its scenario run on the simulator's
 * {@link LeaseDemo}, tallied after a one-second warm-up.
 */
final class LeasesModel {

    static final int OFFERED_RPS = LeaseDemo.OFFERED_RPS;
    static final int ADAPTIVE_INITIAL = LeaseDemo.ADAPTIVE_INITIAL;

    private static final long WARMUP_MILLIS = 1_000L;

    private LeasesModel() {
    }

    /** Runs one scenario to completion (every accepted request finishes) and returns its figures. */
    static LeasesRow run(LeasesScenario scenario) {
        long durationMillis = scenario.duration().toMillis();
        int seconds = (int) ((durationMillis + 999) / 1000);
        LeasesTally tally = new LeasesTally(LeaseDemo.SERVERS, seconds, WARMUP_MILLIS, durationMillis);
        LeaseDemo.run(new LeaseDemo.Setup(scenario.adaptive(), scenario.leasedRequests(), balancing(scenario.balancer()),
                scenario.duration(), scenario.seed(), scenario.heterogeneous()), tally);
        return tally.result(scenario);
    }

    private static LeaseDemo.Balancing balancing(String name) {
        return switch (name) {
            case LeasesScenario.LEAST_LOADED -> LeaseDemo.Balancing.LEAST_LOADED;
            case LeasesScenario.P2C -> LeaseDemo.Balancing.P2C;
            case LeasesScenario.ROUND_ROBIN -> LeaseDemo.Balancing.ROUND_ROBIN;
            default -> throw new IllegalArgumentException(
                    "balancer must be least-loaded, p2c or round-robin but was " + name);
        };
    }
}
