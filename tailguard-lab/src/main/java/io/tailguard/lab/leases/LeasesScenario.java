package io.tailguard.lab.leases;

import java.time.Duration;

/**
 * Thread-safe (immutable) description of one row of the leases experiment.
 *
 * @param policy         {@code static} or {@code adaptive}
 * @param balancer       {@code least-loaded}, {@code p2c} or {@code round-robin}
 * @param leasedRequests requests per lease for {@code static}; 0 for {@code adaptive}
 * @param duration       how long the client sends
 * @param seed           seed of every random draw of the row
 * @param heterogeneous  true if the last server's thresholds are halved
 */
record LeasesScenario(String policy, String balancer, int leasedRequests, Duration duration, long seed,
                boolean heterogeneous) {

    static final String STATIC = "static";
    static final String ADAPTIVE = "adaptive";
    static final String LEAST_LOADED = "least-loaded";
    static final String P2C = "p2c";
    static final String ROUND_ROBIN = "round-robin";

    boolean adaptive() {
        return ADAPTIVE.equals(policy);
    }

    /** Returns the leased-requests cell: the number, or empty for adaptive. */
    String leasedCell() {
        return adaptive() ? "" : Integer.toString(leasedRequests);
    }

    /** Returns a short label such as {@code static 100 / least-loaded}. */
    String label() {
        return (adaptive() ? ADAPTIVE : STATIC + " " + leasedRequests) + " / " + balancer;
    }
}
