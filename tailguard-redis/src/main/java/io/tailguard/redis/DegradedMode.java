package io.tailguard.redis;

/**
 * Thread-safe (immutable): what a Redis-backed limit decides when Redis does not answer within its
 * timeout, is disconnected, or fails. Every such decision is counted.
 */
public enum DegradedMode {
    /**
     * Decide with a local core limit holding this instance's share (1/instances) of the cluster-wide
     * limit: the cluster as a whole stays near its limit while Redis is away. The default.
     */
    FAIL_LOCAL,
    /** Admit every request: availability first, no limit while Redis is away. */
    FAIL_OPEN,
    /** Reject every request: the limit is never exceeded, at the cost of all traffic while Redis is away. */
    FAIL_CLOSED
}
