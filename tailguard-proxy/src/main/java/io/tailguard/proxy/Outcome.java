package io.tailguard.proxy;

/** Thread-safe (immutable enum): how an upstream exchange ended, as the limiter should learn it. */
enum Outcome {
    /** A complete response: its latency is a sample. */
    SUCCESS,
    /** A timeout or an overload answer: adaptive limits back off. */
    DROPPED,
    /** Says nothing about capacity: the client left, the request was bad, the connection failed. */
    IGNORED
}
