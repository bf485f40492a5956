package io.tailguard.sim;

import io.tailguard.admission.RejectReason;
import io.tailguard.queue.LeakyBucketShaper;
import io.tailguard.queue.LeakyBucketConfig;

/**
 * Not thread-safe adapter of the core {@link LeakyBucketShaper} as a station's waiting line: every
 * job passes through it, even into an idle station, and leaves at its release time; the engine
 * wakes up at {@link LeakyBucketShaper#nextReleaseNanos()} to hand it to a worker.
 */
final class ShaperLine implements StationQueue {

    private final LeakyBucketShaper<StationJob> shaper;

    ShaperLine(LeakyBucketConfig config) {
        this.shaper = new LeakyBucketShaper<>(config);
    }

    @Override
    public RejectReason offer(StationJob job, long nowNanos) {
        return shaper.offer(nowNanos, job) ? null : RejectReason.QUEUE_FULL;
    }

    @Override
    public StationJob poll(long nowNanos) {
        return shaper.poll(nowNanos);
    }

    @Override
    public int size() {
        return shaper.size();
    }

    @Override
    public long nextReadyNanos() {
        return shaper.nextReleaseNanos();
    }

    @Override
    public boolean shapes() {
        return true;
    }

    @Override
    public String toString() {
        return shaper.toString();
    }
}
