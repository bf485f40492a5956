package io.tailguard.sim.shaping;

/**
 * Not thread-safe: a rate gate in front of the server, fed arrivals in time order. An admitted
 * request is handed to the {@link Release} callback with its release time, in release order;
 * a shaper may hand it over later than it was offered (at the latest on {@link #flush()}).
 */
public interface Gate {

    /** Receives released requests. */
    @FunctionalInterface
    interface Release {
        /** Request {@code request} goes on to the server at {@code releaseMs}. */
        void released(int request, double releaseMs);
    }

    /** Offers request {@code request}, arriving at {@code arrivalMs}; returns false if rejected. */
    boolean offer(int request, double arrivalMs);

    /** Hands over every request still held. */
    void flush();

    /** The label in the CSV: {@code token-bucket} or {@code leaky-bucket}. */
    String label();
}
