package io.tailguard.sim;

import io.tailguard.admission.RejectReason;

/**
 * Not thread-safe per-request hooks, called on the simulating thread in event order, so an
 * experiment can compute its own columns. Every method does nothing by default. Jobs are
 * identified by their id (0, 1, 2, … in arrival order). Do not block or throw.
 *
 * <p>Lifecycle of one request: {@code onArrival}, then either {@code onRejected} or
 * {@code onAdmitted}; an admitted one later gets {@code onStarted} and {@code onCompleted}, or
 * {@code onShed} if its queue drops it before service.
 */
public interface SimulationListener {

    /** A listener that does nothing. */
    SimulationListener NONE = new SimulationListener() {
    };

    /** Called once before the first event with a live, read-only view of the station. */
    default void onStart(SimulationView view) {
    }

    /** Request {@code id} arrived at {@code nowNanos}, before any gate is asked. */
    default void onArrival(long id, long nowNanos) {
    }

    /** A gate or the full queue refused request {@code id} on arrival. */
    default void onRejected(long id, RejectReason reason, long nowNanos) {
    }

    /** Request {@code id} passed every gate and entered the station (a worker or the queue). */
    default void onAdmitted(long id, long nowNanos) {
    }

    /** Request {@code id}, which arrived at {@code arrivalNanos}, started service at {@code nowNanos}. */
    default void onStarted(long id, long arrivalNanos, long nowNanos) {
    }

    /** Request {@code id} finished service at {@code nowNanos}; latency is {@code nowNanos - arrivalNanos}. */
    default void onCompleted(long id, long arrivalNanos, long startNanos, long nowNanos) {
    }

    /** The queue dropped admitted request {@code id} unserved (for example it waited too long). */
    default void onShed(long id, RejectReason reason, long arrivalNanos, long nowNanos) {
    }

    /** An interval closed (only when the simulation records intervals). */
    default void onInterval(IntervalStats interval) {
    }
}
