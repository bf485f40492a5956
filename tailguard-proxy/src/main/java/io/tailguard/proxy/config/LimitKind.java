package io.tailguard.proxy.config;

/** Thread-safe (immutable enum): how a pool's per-server concurrency cap is set. */
public enum LimitKind {
    /** Exactly {@code max-conns}. */
    FIXED,
    /** Additive increase, multiplicative decrease on drops, from {@code max-conns}. */
    AIMD,
    /** TCP Vegas-style: grows while latency stays near its minimum. */
    VEGAS,
    /** Gradient of long-term over short-term latency (Netflix Gradient2). */
    GRADIENT2
}
