package io.tailguard.lab.live.leases;

import java.util.ArrayList;
import java.util.List;

/**
 * Thread-safe (immutable) one row of {@code lab leases --live}, named as the simulated
 * {@code lab leases} names its rows so the two tables line up.
 *
 * @param policy        static or adaptive leases
 * @param balancer      how the proxy picks a backend
 * @param leased        requests per 1-second lease for {@code static}; 0 for {@code adaptive}
 * @param heterogeneous true if the third backend saturates twice as early
 */
record LeaseRow(Policy policy, Balancer balancer, int leased, boolean heterogeneous) {

    /** Thread-safe (immutable): how the backends lease, by the simulated experiment's name. */
    enum Policy {
        STATIC("static"),
        ADAPTIVE("adaptive");

        final String label;

        Policy(String label) {
            this.label = label;
        }
    }

    /**
     * Thread-safe (immutable): the balancer by the simulated experiment's name, and the proxy's: the simulated
     * {@code least-loaded} reads leases, its {@code p2c} is power of two choices on peak-EWMA
     * latency (blind to leases, as in the simulation).
     */
    enum Balancer {
        LEAST_LOADED("least-loaded", "least-loaded-by-lease"),
        P2C("p2c", "p2c-peak-ewma"),
        ROUND_ROBIN("round-robin", "round-robin");

        final String label;
        final String proxy;

        Balancer(String label, String proxy) {
            this.label = label;
            this.proxy = proxy;
        }
    }

    /** The adaptive sender's latency target, as in the simulated experiment. */
    static final String ADAPTIVE_TARGET = "20ms";
    /** The demo's "effectively unbounded" lease. */
    static final int UNBOUNDED = 9999;

    /** The rows of a run, in the simulated experiment's order. */
    static List<LeaseRow> plan(boolean heterogeneous) {
        List<LeaseRow> rows = new ArrayList<>();
        if (!heterogeneous) {
            for (int leased : new int[] {UNBOUNDED, 100, 30}) {
                rows.add(new LeaseRow(Policy.STATIC, Balancer.LEAST_LOADED, leased, false));
            }
            rows.add(new LeaseRow(Policy.ADAPTIVE, Balancer.LEAST_LOADED, 0, false));
            return rows;
        }
        for (Balancer balancer : Balancer.values()) {
            rows.add(new LeaseRow(Policy.STATIC, balancer, 100, true));
            rows.add(new LeaseRow(Policy.ADAPTIVE, balancer, 0, true));
        }
        return rows;
    }

    /** How long an adaptive row's load runs unmeasured, at scale 1: the sender's slow start and its overshoot. */
    static final java.time.Duration ADAPTIVE_WARMUP = java.time.Duration.ofSeconds(10);

    /**
     * Returns this row's warm-up for a run whose static rows warm up {@code staticWarmup} (the scale
     * applied): an adaptive row's is {@link #ADAPTIVE_WARMUP} times the same scale, so that the
     * measured span sees the grant the sender settled on, not its slow start.
     */
    java.time.Duration warmup(java.time.Duration staticWarmup, double scale) {
        return policy == Policy.ADAPTIVE ? java.time.Duration.ofNanos(Math.round(ADAPTIVE_WARMUP.toNanos() * scale))
                : staticWarmup;
    }

    /** Returns the backends' {@code --lease} value. */
    String leasePolicy() {
        return policy == Policy.ADAPTIVE ? "adaptive:" + ADAPTIVE_TARGET : "static:" + leased + "/1s";
    }

    /** Returns the proxy's balancer. */
    String proxyBalancer() {
        return balancer.proxy;
    }

    /** Returns the leased-requests cell: the number, or empty for adaptive. */
    String leasedCell() {
        return policy == Policy.ADAPTIVE ? "" : Integer.toString(leased);
    }

    /** Returns the key that matches a row of either source. */
    String key() {
        return policy.label + "/" + balancer.label + "/" + leasedCell();
    }

    /** Returns a short label such as {@code static 100 / least-loaded}. */
    String label() {
        return (policy == Policy.ADAPTIVE ? policy.label : policy.label + " " + leased) + " / " + balancer.label;
    }
}
