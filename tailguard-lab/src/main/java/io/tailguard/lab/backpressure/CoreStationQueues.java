package io.tailguard.lab.backpressure;

import io.tailguard.admission.RejectReason;
import io.tailguard.queue.BoundedQueue;
import io.tailguard.queue.BoundedQueueConfig;
import io.tailguard.queue.LeakyBucketConfig;
import io.tailguard.queue.LeakyBucketShaper;
import io.tailguard.sim.Job;
import io.tailguard.sim.StationQueue;

/**
 * Thread-safe (stateless) adapters that put the core waiting lines into a simulator station: the
 * core {@link BoundedQueue} and {@link LeakyBucketShaper} decide who waits, who is refused and when
 * a job may start; the engine only moves jobs to workers. (Minimal lab-side adapters: the
 * simulator's own {@code StationQueues} does not wrap the core classes yet.)
 */
final class CoreStationQueues {

    private CoreStationQueues() {
    }

    /** A station line backed by a new core {@link BoundedQueue} with {@code config} per run. */
    static StationQueue.Factory boundedQueue(BoundedQueueConfig config) {
        return sink -> new StationQueue() {
            private final BoundedQueue<Job> queue = new BoundedQueue<>(config,
                    (job, reason, waitedNanos) -> sink.shed(job, reason, job.arrivalNanos() + waitedNanos));

            @Override
            public RejectReason offer(Job job, long nowNanos) {
                return queue.offer(job, nowNanos) ? null : RejectReason.QUEUE_FULL;
            }

            @Override
            public Job poll(long nowNanos) {
                return queue.poll(nowNanos);
            }

            @Override
            public int size() {
                return queue.size();
            }
        };
    }

    /**
     * A station line backed by a new core {@link LeakyBucketShaper} per run: every job passes
     * through it, and the engine wakes up at each release time to start the released job.
     */
    static StationQueue.Factory leakyBucket(LeakyBucketConfig config) {
        return sink -> new StationQueue() {
            private final LeakyBucketShaper<Job> shaper = new LeakyBucketShaper<>(config);

            @Override
            public RejectReason offer(Job job, long nowNanos) {
                return shaper.offer(job, nowNanos) ? null : RejectReason.QUEUE_FULL;
            }

            @Override
            public Job poll(long nowNanos) {
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
        };
    }
}
