package io.tailguard.lab.live.leases;

import java.util.ArrayList;
import java.util.List;

/**
 * Thread-safe (immutable) one row of {@code lab leases --live}, named as the simulated
 * {@code lab leases} names its rows so the two tables line up.
 *
 * @param policy        {@code static} or {@code adaptive}
 * @param balancer      {@code least-loaded}, {@code p2c} or {@code round-robin}
 * @param leased        requests per 1-second lease for {@code static}; 0 for {@code adaptive}
 * @param heterogeneous true if the third backend saturates twice as early
 */
record LeaseRow(String policy, String balancer, int leased, boolean heterogeneous) {

    static final String STATIC = "static";
    static final String ADAPTIVE = "adaptive";
    static final String LEAST_LOADED = "least-loaded";
    static final String P2C = "p2c";
    static final String ROUND_ROBIN = "round-robin";
    /** The adaptive sender's latency target, as in the simulated experiment. */
    static final String ADAPTIVE_TARGET = "20ms";
    /** The demo's "effectively unbounded" lease. */
    static final int UNBOUNDED = 9999;

    /** The rows of a run, in the simulated experiment's order. */
    static List<LeaseRow> plan(boolean heterogeneous) {
        List<LeaseRow> rows = new ArrayList<>();
        if (!heterogeneous) {
            for (int leased : new int[] {UNBOUNDED, 100, 30}) {
                rows.add(new LeaseRow(STATIC, LEAST_LOADED, leased, false));
            }
            rows.add(new LeaseRow(ADAPTIVE, LEAST_LOADED, 0, false));
            return rows;
        }
        for (String balancer : List.of(LEAST_LOADED, P2C, ROUND_ROBIN)) {
            rows.add(new LeaseRow(STATIC, balancer, 100, true));
            rows.add(new LeaseRow(ADAPTIVE, balancer, 0, true));
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
        return policy.equals(ADAPTIVE) ? java.time.Duration.ofNanos(Math.round(ADAPTIVE_WARMUP.toNanos() * scale))
                : staticWarmup;
    }

    /** Returns the backends' {@code --lease} value. */
    String leasePolicy() {
        return policy.equals(ADAPTIVE) ? "adaptive:" + ADAPTIVE_TARGET : "static:" + leased + "/1s";
    }

    /**
     * Returns the proxy's balancer: the simulated {@code least-loaded} reads leases, its {@code p2c}
     * is power of two choices on peak-EWMA latency (blind to leases, as in the simulation).
     */
    String proxyBalancer() {
        return proxyBalancer(balancer);
    }

    /** Returns the proxy's balancer for the simulated experiment's balancer name. */
    static String proxyBalancer(String balancer) {
        return switch (balancer) {
            case LEAST_LOADED -> "least-loaded-by-lease";
            case P2C -> "p2c-peak-ewma";
            default -> "round-robin";
        };
    }

    /** Returns the leased-requests cell: the number, or empty for adaptive. */
    String leasedCell() {
        return policy.equals(ADAPTIVE) ? "" : Integer.toString(leased);
    }

    /** Returns the key that matches a row of either source. */
    String key() {
        return policy + "/" + balancer + "/" + leasedCell();
    }

    /** Returns a short label such as {@code static 100 / least-loaded}. */
    String label() {
        return (policy.equals(ADAPTIVE) ? ADAPTIVE : STATIC + " " + leased) + " / " + balancer;
    }
}
