package io.tailguard.journal.load;

/** Receives one latency sample in nanoseconds (for example an HdrHistogram's {@code recordValue}). */
@FunctionalInterface
public interface LatencyRecorder {

    /** Records {@code latencyNanos}; calls are never concurrent but may come from different threads. */
    void record(long latencyNanos);

    /** Records the latency of message {@code index} (counted from 0, warm-up included); by default drops the index. */
    default void record(long index, long latencyNanos) {
        record(latencyNanos);
    }
}
