package io.tailguard.sim;

import io.tailguard.admission.RejectReason;
import io.tailguard.queue.BoundedQueue;
import io.tailguard.queue.BoundedQueueConfig;

/**
 * Not thread-safe adapter of the core {@link BoundedQueue} (FIFO, LIFO or CoDel, with its maximum
 * queueing time) as a station's waiting line: the same class live code uses decides what waits
 * and what is shed.
 */
final class CoreQueueLine implements StationQueue {

    private final BoundedQueue<StationJob> queue;
    /** The time of the call in progress: the core listener reports waits, the sink wants "now". */
    private long callNanos;

    CoreQueueLine(BoundedQueueConfig config, ShedSink sink) {
        this.queue = new BoundedQueue<>(config, (job, reason, waitedNanos) -> sink.shed(job, reason, callNanos));
    }

    @Override
    public RejectReason offer(StationJob job, long nowNanos) {
        callNanos = nowNanos;
        return queue.offer(nowNanos, job) ? null : RejectReason.QUEUE_FULL;
    }

    @Override
    public StationJob poll(long nowNanos) {
        callNanos = nowNanos;
        return queue.poll(nowNanos);
    }

    @Override
    public int size() {
        return queue.size();
    }

    @Override
    public String toString() {
        return queue.toString();
    }
}
