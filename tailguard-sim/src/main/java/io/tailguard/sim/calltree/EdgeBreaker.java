package io.tailguard.sim.calltree;

import java.util.List;

/**
 * Not thread-safe circuit breaker on one caller → callee edge of the call tree, in the published
 * lab's time unit, with the log of its transitions (time ms, from code, to code; 0 closed, 1 open,
 * 2 half-open).
 */
public interface EdgeBreaker {

    /** Returns true if an attempt may be sent at {@code nowMs}. */
    boolean allow(double nowMs);

    /** Reports an attempt answered successfully at {@code nowMs}. */
    void onSuccess(double nowMs);

    /** Reports an attempt that failed or timed out at {@code nowMs}. */
    void onFailure(double nowMs);

    /** Returns the transitions so far, in order, each {time ms, from code, to code}. */
    List<double[]> transitions();

    /** Returns the state code at the start of {@code windowStartMs}: transitions strictly before it applied. */
    default int stateAt(double windowStartMs) {
        int state = 0;
        for (double[] t : transitions()) {
            if (t[0] < windowStartMs) {
                state = (int) t[2];
            }
        }
        return state;
    }
}
