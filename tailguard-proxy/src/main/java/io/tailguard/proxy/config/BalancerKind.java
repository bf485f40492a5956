package io.tailguard.proxy.config;

/** Thread-safe (immutable enum): how a pool chooses a server for a request. */
public enum BalancerKind {
    /** Each server in turn. */
    ROUND_ROBIN,
    /** The server with the fewest requests in flight relative to its cap. */
    LEAST_LOADED,
    /** Power of two choices on peak-EWMA latency × outstanding requests. */
    P2C_PEAK_EWMA
}
