package io.tailguard.lab.live.overload;

import java.time.Duration;
import java.util.List;

/**
 * Thread-safe (immutable) settings of one {@code lab live-overload} run, already scaled: the
 * backend's workers and service time, the clients' timeout, the queue timeout that HAProxy and the
 * tailguard proxy share, and each step's warm-up and measured time.
 *
 * @param workers       requests the backend serves at once (also HAProxy's {@code maxconn} and tailguard's cap)
 * @param serviceTime   each request's service time
 * @param clientTimeout a request not answered this long after its due time is a failure
 * @param queueTimeout  the longest a request waits in HAProxy's or tailguard's queue
 * @param warmup        sent before each step's measurement, not recorded
 * @param duration      measured time per step
 * @param loads         offered loads as multiples of capacity, in run order
 */
record OverloadPlan(int workers, Duration serviceTime, Duration clientTimeout, Duration queueTimeout,
                    Duration warmup, Duration duration, List<Double> loads) {

    /** The offered loads of the experiment, as multiples of capacity. */
    static final List<Double> LOADS = List.of(0.5, 1.0, 2.0, 5.0, 10.0);
    /** The most requests the load generator schedules in one step. */
    static final long MAX_REQUESTS_PER_STEP = 20_000_000L;

    /** Validates and copies. */
    OverloadPlan {
        if (workers < 1) {
            throw new IllegalArgumentException("--workers must be >= 1 but was " + workers);
        }
        positive("--service-time", serviceTime);
        positive("--client-timeout", clientTimeout);
        positive("--queue-timeout", queueTimeout);
        positive("--duration", duration);
        loads = List.copyOf(loads);
        double top = loads.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        double requests = Math.max(1, Math.round(top * workers * 1e9 / serviceTime.toNanos()))
                * ((warmup.toNanos() + duration.toNanos()) / 1e9);
        if (requests > MAX_REQUESTS_PER_STEP) {
            // checked before any server starts: the generator would refuse the step only once it is due
            throw new IllegalArgumentException(String.format(java.util.Locale.ROOT, "--workers / --service-time x %s x "
                    + "(--warmup + --duration) must be at most %d requests per step but was %.0f",
                    OverloadTables.loadX(top), MAX_REQUESTS_PER_STEP, requests));
        }
    }

    /** Returns {@code base} with every time multiplied by {@code scale} except the service time and the timeouts. */
    static OverloadPlan scaled(int workers, Duration serviceTime, Duration clientTimeout, Duration queueTimeout,
                               Duration warmup, Duration duration, double scale) {
        // the capacity and the timeouts define the experiment; only how long each phase lasts shrinks
        return new OverloadPlan(workers, serviceTime, clientTimeout, queueTimeout, times(warmup, scale),
                times(duration, scale), LOADS);
    }

    /** Returns the backend's capacity in requests per second: workers / service time. */
    double capacityRps() {
        return workers * 1e9 / serviceTime.toNanos();
    }

    /** Returns the offered rate at {@code loadX} times capacity, whole requests per second, at least 1. */
    long offeredRps(double loadX) {
        return Math.max(1, Math.round(loadX * capacityRps()));
    }

    /**
     * Returns how many requests tailguard lets wait: as many as the workers can start within the
     * queue timeout ({@code workers x queueTimeout / serviceTime}), at least 1. More could only
     * time out in the queue.
     */
    int tailguardQueue() {
        return (int) Math.max(1, workers * queueTimeout.toNanos() / serviceTime.toNanos());
    }

    /**
     * Returns the load generator's connections at {@code rateRps}: enough that a request never waits
     * for a free connection while earlier ones are in flight for up to the client timeout (the
     * load stays open-loop), plus a margin, at most 5000.
     */
    int connections(long rateRps) {
        long inFlight = (long) Math.ceil(rateRps * clientTimeout.toNanos() / 1e9);
        return (int) Math.min(5000, inFlight + workers + 16);
    }

    private static Duration times(Duration d, double scale) {
        return Duration.ofNanos(Math.round(d.toNanos() * scale));
    }

    private static void positive(String name, Duration d) {
        if (d.isZero() || d.isNegative()) {
            throw new IllegalArgumentException(name + " must be > 0 but was " + d);
        }
    }
}
