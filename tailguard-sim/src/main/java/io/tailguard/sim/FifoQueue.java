package io.tailguard.sim;

import io.tailguard.admission.RejectReason;

/**
 * Not thread-safe FIFO ring buffer of jobs with an optional capacity and maximum queueing time.
 * An unbounded queue grows by doubling; a bounded one allocates its ring once.
 */
final class FifoQueue implements StationQueue {

    private final int capacity;
    private final long maxWaitNanos;
    private final ShedSink sink;
    private Job[] ring;
    private long[] enqueuedNanos;
    private int head;
    private int size;

    FifoQueue(int capacity, long maxWaitNanos, ShedSink sink) {
        this.capacity = capacity;
        this.maxWaitNanos = maxWaitNanos;
        this.sink = sink;
        int initial = Math.max(2, Math.min(capacity, 1024));
        this.ring = new Job[Integer.highestOneBit(initial - 1 | 1) << 1];
        this.enqueuedNanos = new long[ring.length];
    }

    @Override
    public RejectReason offer(Job job, long nowNanos) {
        if (size >= capacity) {
            return RejectReason.QUEUE_FULL;
        }
        if (size == ring.length) {
            grow();
        }
        int tail = (head + size) & (ring.length - 1);
        ring[tail] = job;
        enqueuedNanos[tail] = nowNanos;
        size++;
        return null;
    }

    @Override
    public Job poll(long nowNanos) {
        while (size > 0) {
            Job job = ring[head];
            long waitedNanos = nowNanos - enqueuedNanos[head];
            ring[head] = null;
            head = (head + 1) & (ring.length - 1);
            size--;
            if (maxWaitNanos > 0 && waitedNanos > maxWaitNanos) {
                sink.shed(job, RejectReason.QUEUE_TIMEOUT, nowNanos);
                continue;
            }
            return job;
        }
        return null;
    }

    @Override
    public int size() {
        return size;
    }

    private void grow() {
        int n = ring.length;
        Job[] newRing = new Job[n * 2];
        long[] newTimes = new long[n * 2];
        for (int i = 0; i < size; i++) {
            newRing[i] = ring[(head + i) & (n - 1)];
            newTimes[i] = enqueuedNanos[(head + i) & (n - 1)];
        }
        ring = newRing;
        enqueuedNanos = newTimes;
        head = 0;
    }
}
