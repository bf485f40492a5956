package io.tailguard.path;

/** Thread-safe (immutable enum): how a pool chooses a backend for a request. */
public enum BalancerKind {
    /** Each backend in turn. */
    ROUND_ROBIN,
    /** The backend with the most room under its cap. */
    LEAST_LOADED,
    /** Power of two choices on peak-EWMA latency times outstanding requests. */
    P2C_PEAK_EWMA,
    /** The backend whose lease has the most left. */
    LEAST_LOADED_BY_LEASE,
    /** Power of two choices on lease availability. */
    P2C_BY_AVAILABILITY;

    /** True if this balancer reads the backends' leases, so the host must feed them. */
    public boolean readsLeases() {
        return this == LEAST_LOADED_BY_LEASE || this == P2C_BY_AVAILABILITY;
    }
}
