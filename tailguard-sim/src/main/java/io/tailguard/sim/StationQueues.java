package io.tailguard.sim;

import io.tailguard.admission.RejectReason;
import io.tailguard.config.Check;
import io.tailguard.queue.BoundedQueue;
import io.tailguard.queue.BoundedQueueConfig;
import io.tailguard.queue.LeakyBucketConfig;
import io.tailguard.queue.LeakyBucketShaper;
import java.time.Duration;

/** Thread-safe (stateless) factories of the station queues the engine knows. */
public final class StationQueues {

    private StationQueues() {
    }

    /** An unbounded FIFO: every job that finds the workers busy waits, however long. */
    public static StationQueue.Factory unbounded() {
        return sink -> new UnboundedLine();
    }

    /**
     * A FIFO holding at most {@code capacity} waiting jobs (those in service not counted); a job
     * arriving to a full queue is rejected with {@code QUEUE_FULL}. Capacity 0 makes a loss system.
     */
    public static StationQueue.Factory bounded(int capacity) {
        return bounded(capacity, Duration.ZERO);
    }

    /**
     * A FIFO of at most {@code capacity} waiting jobs whose jobs that waited longer than
     * {@code maxQueueingTime} are shed with {@code QUEUE_TIMEOUT} ({@link Duration#ZERO} = no
     * limit): the core {@link BoundedQueue} with {@link BoundedQueueConfig#fifo}, which also sheds
     * expired jobs from the head to make room for an arrival. Capacity 0 makes a loss system.
     */
    public static StationQueue.Factory bounded(int capacity, Duration maxQueueingTime) {
        Check.nonNegative("capacity", capacity);
        Check.nonNegative("maxQueueingTime", maxQueueingTime);
        return capacity == 0 ? sink -> LOSS : core(BoundedQueueConfig.fifo(capacity, maxQueueingTime));
    }

    /** The waiting line of a loss system: nobody waits. */
    private static final StationQueue LOSS = new StationQueue() {
        @Override
        public RejectReason offer(StationJob job, long nowNanos) {
            return RejectReason.QUEUE_FULL;
        }

        @Override
        public StationJob poll(long nowNanos) {
            return null;
        }

        @Override
        public int size() {
            return 0;
        }
    };

    /**
     * The core {@link BoundedQueue} with {@code config} (capacity of waiting jobs, maximum queueing
     * time, FIFO / LIFO / CoDel): full → {@code QUEUE_FULL}; jobs it sheds ({@code QUEUE_TIMEOUT},
     * {@code QUEUE_DELAY_SHED}) are counted as shed, their permits dropped.
     */
    public static StationQueue.Factory core(BoundedQueueConfig config) {
        Check.notNull("config", config);
        return sink -> new CoreQueueLine(config, sink);
    }

    /**
     * The core {@link LeakyBucketShaper} with {@code config}: every job, even one arriving at an idle
     * station, waits for its release time {@code max(arrival, previous release + drainInterval)}
     * and then goes to a worker (pair it with {@link Station#UNBOUNDED_WORKERS} for a pure shaper).
     * Its capacity counts jobs offered and not yet released; a full shaper gives {@code QUEUE_FULL}.
     */
    public static StationQueue.Factory leakyBucket(LeakyBucketConfig config) {
        Check.notNull("config", config);
        return sink -> new ShaperLine(config);
    }
}
