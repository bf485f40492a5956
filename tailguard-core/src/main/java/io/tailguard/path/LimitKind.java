package io.tailguard.path;

/** Thread-safe (immutable enum): how a pool's per-backend concurrency cap moves. */
public enum LimitKind {
    /** Exactly {@code maxConns}. */
    FIXED,
    /** Additive increase, multiplicative decrease on drops. */
    AIMD,
    /** TCP Vegas-style: grows while latency stays near its minimum. */
    VEGAS,
    /** Gradient of long-term over short-term latency (Netflix Gradient2). */
    GRADIENT2
}
