package io.tailguard.path;

/** Thread-safe (immutable enum): how an attempt ended, as its permit and the limit must hear it. */
public enum Completion {
    /** A full response: its latency is a sample for adaptive limits. */
    SUCCESS,
    /** A failure that signals overload (a server error, a timeout): adaptive limits treat it as a drop. */
    DROPPED,
    /** Ended in a way that says nothing about capacity (the connection closed, the client left). */
    IGNORED
}
