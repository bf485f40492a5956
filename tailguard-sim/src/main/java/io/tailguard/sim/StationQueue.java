package io.tailguard.sim;

import io.tailguard.admission.RejectReason;

/**
 * Not thread-safe waiting line of a {@link Station}, seen from the engine: jobs that found every
 * worker busy wait here. Implementations shed jobs that waited too long through the
 * {@link ShedSink} given at creation and never hand them out late.
 *
 * <p>Built-in lines come from {@link StationQueues}; core queues are adapted there too.
 */
public interface StationQueue {

    /**
     * Offers {@code job} at {@code nowNanos}; returns {@code null} if it now waits, otherwise the
     * reason it was refused (typically {@link RejectReason#QUEUE_FULL}). A refused job stays the
     * caller's.
     */
    RejectReason offer(StationJob job, long nowNanos);

    /**
     * Returns the next job to serve at {@code nowNanos}, or {@code null} if none is ready. Jobs
     * found expired on the way are passed to the shed sink first.
     */
    StationJob poll(long nowNanos);

    /** Returns the number of jobs waiting (shed jobs are no longer counted). */
    int size();

    /**
     * Returns the earliest time at which {@link #poll} may return a job although it just returned
     * {@code null} with jobs waiting (a shaper's next release), or {@link Long#MAX_VALUE} if a job
     * is ready as soon as a worker is free. The engine schedules a wake-up at that time.
     */
    default long nextReadyNanos() {
        return Long.MAX_VALUE;
    }

    /**
     * Returns true if every job must pass through this line even when it is empty and a worker is
     * idle (a shaper that spaces releases); false lets such a job go straight to the worker.
     */
    default boolean shapes() {
        return false;
    }

    /** Receives the jobs a queue sheds. Implemented by the engine. */
    @FunctionalInterface
    interface ShedSink {
        /** {@code job} left the queue unserved at {@code nowNanos} for {@code reason}. */
        void shed(StationJob job, RejectReason reason, long nowNanos);
    }

    /** Creates a fresh queue for one run, reporting shed jobs to {@code sink}. */
    @FunctionalInterface
    interface Factory {
        /** Returns a new, empty queue bound to {@code sink}. */
        StationQueue create(ShedSink sink);
    }
}
