package io.tailguard.sim;

import io.tailguard.admission.RejectReason;

/**
 * Not thread-safe unbounded FIFO waiting line (a ring that grows by doubling): every job waits,
 * however long, and none is shed. Bounded lines are the core {@code BoundedQueue}
 * ({@link CoreQueueLine}); the core has no unbounded queue, as live code must never hold one.
 */
final class UnboundedLine implements StationQueue {

    private StationJob[] ring = new StationJob[1024];
    private int head;
    private int size;

    @Override
    public RejectReason offer(StationJob job, long nowNanos) {
        if (size == ring.length) {
            grow();
        }
        ring[(head + size) & (ring.length - 1)] = job;
        size++;
        return null;
    }

    @Override
    public StationJob poll(long nowNanos) {
        if (size == 0) {
            return null;
        }
        StationJob job = ring[head];
        ring[head] = null;
        head = (head + 1) & (ring.length - 1);
        size--;
        return job;
    }

    @Override
    public int size() {
        return size;
    }

    private void grow() {
        int n = ring.length;
        StationJob[] larger = new StationJob[n * 2];
        for (int i = 0; i < size; i++) {
            larger[i] = ring[(head + i) & (n - 1)];
        }
        ring = larger;
        head = 0;
    }
}
