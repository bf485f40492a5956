package io.tailguard.proxy.config;

/** Thread-safe (immutable enum): how a pool chooses a server for a request. */
public enum BalancerKind {
    /** Each server in turn. */
    ROUND_ROBIN,
    /** The server with the fewest requests in flight relative to its cap. */
    LEAST_LOADED,
    /** Power of two choices on peak-EWMA latency × outstanding requests. */
    P2C_PEAK_EWMA,
    /**
     * The server whose lease has the most left (remaining / allowed, 0 when expired); round robin when
     * every lease is exhausted. The servers must grant leases ({@code docs/leases.md}).
     */
    LEAST_LOADED_BY_LEASE,
    /** Power of two choices on lease availability: the more available of two random servers. */
    P2C_BY_AVAILABILITY
}
