package io.tailguard.lab.backpressure;

import io.tailguard.limit.ConcurrencyLimiter;
import io.tailguard.limit.FixedLimit;
import io.tailguard.queue.BoundedQueueConfig;
import io.tailguard.queue.LeakyBucketConfig;
import io.tailguard.rate.TokenBucket;
import io.tailguard.rate.TokenBucketConfig;
import io.tailguard.sim.Station;
import io.tailguard.sim.StationQueues;
import io.tailguard.sim.service.ServiceModel;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The five admission strategies of the published comparison, each mapped onto core policies
 * running in a simulator {@link Station}. Every strategy admits at most about 100 requests per
 * second; they differ in what they do with the excess.
 */
enum Strategy {

    /** Core {@code TokenBucket}: 100 tokens, 100 per second, starts full; 10 ms service. Holds nothing. */
    TOKEN_BUCKET("token-bucket", false) {
        @Override
        Station station() {
            return Station.builder().unboundedWorkers().service(SERVICE_10MS)
                    .gate(new TokenBucket(TokenBucketConfig.of(100, 100, Duration.ofSeconds(1)), 0L))
                    .build();
        }
    },

    /**
     * One worker, 10 ms service, a core FIFO {@code BoundedQueue} of 49: 50 held including the one
     * in service (whenever somebody waits, the worker is busy).
     */
    BOUNDED_QUEUE("bounded-queue", true) {
        @Override
        Station station() {
            return Station.builder().workers(1).service(SERVICE_10MS)
                    .queue(StationQueues.core(
                            BoundedQueueConfig.fifo(49, BoundedQueueConfig.NO_MAX_QUEUEING_TIME)))
                    .build();
        }
    },

    /**
     * A core {@code LeakyBucketShaper} releasing one request every 10 ms to one worker with 10 ms
     * service (completion = release + 10 ms). The published bucket counts 25 including the request
     * in service; whenever the shaper holds anything the worker is busy, so the shaper holds 24.
     */
    LEAKY_BUCKET("leaky-bucket", true) {
        @Override
        Station station() {
            return Station.builder().workers(1).service(SERVICE_10MS)
                    .queue(StationQueues.leakyBucket(new LeakyBucketConfig(24, Duration.ofMillis(10))))
                    .build();
        }
    },

    /** Core {@code ConcurrencyLimiter} with a fixed limit of 5; 50 ms service, as many workers as admitted. */
    LOAD_SHEDDER("load-shedder", true) {
        @Override
        Station station() {
            return Station.builder().unboundedWorkers().service(ServiceModel.fixed(Duration.ofMillis(50)))
                    .gate(ConcurrencyLimiter.of(FixedLimit.of(5)))
                    .build();
        }
    },

    /** The real Resilience4j {@code RateLimiter}: 100 per 1 s refresh, timeout 0; 10 ms service. */
    RESILIENCE4J("resilience4j-rate-limiter", false) {
        @Override
        Station station() {
            return Station.builder().unboundedWorkers().service(SERVICE_10MS)
                    .gate(new Resilience4jGate(100, Duration.ofSeconds(1), 0L))
                    .build();
        }
    };

    private static final ServiceModel SERVICE_10MS = ServiceModel.fixed(Duration.ofMillis(10));

    private final String label;
    private final boolean holdsRequests;

    Strategy(String label, boolean holdsRequests) {
        this.label = label;
        this.holdsRequests = holdsRequests;
    }

    /** Returns a fresh station (new policy objects) for one run. */
    abstract Station station();

    /** The published name, for example {@code token-bucket}. */
    String label() {
        return label;
    }

    /**
     * True if the strategy holds admitted requests (a queue or an in-flight limit), so its
     * "buffered" column counts requests in the station; false for rate gates, which hold nothing.
     */
    boolean holdsRequests() {
        return holdsRequests;
    }

    /** True for strategies that make admitted requests wait (a buffer of work). */
    boolean buffers() {
        return this == BOUNDED_QUEUE || this == LEAKY_BUCKET;
    }

    /** All labels, in the published order. */
    static List<String> labels() {
        return Arrays.stream(values()).map(Strategy::label).collect(Collectors.toList());
    }

    @Override
    public String toString() {
        return label.toLowerCase(Locale.ROOT);
    }
}
