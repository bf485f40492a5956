package io.tailguard.breaker;

/** Thread-safe (immutable) state of a {@link CircuitBreaker}; {@link #code()} is its number in tables. */
public enum BreakerState {
    /** Calls flow; outcomes fill the sliding window. */
    CLOSED(0),
    /** Calls are rejected until the open time has passed. */
    OPEN(1),
    /** A permitted number of probe calls decide between closing and opening again. */
    HALF_OPEN(2);

    private final int code;

    BreakerState(int code) {
        this.code = code;
    }

    /** Returns 0 for closed, 1 for open, 2 for half-open (the published lab's encoding). */
    public int code() {
        return code;
    }
}
