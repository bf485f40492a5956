package io.tailguard.balance;

import io.tailguard.config.Check;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.random.RandomGenerator;

/**
 * Thread-safe power-of-two-choices balancer on peak-EWMA latency: each pick draws two distinct
 * backends with the injected random generator and keeps the one with the lower cost, where cost =
 * peak-EWMA latency × (requests outstanding + 1); the latency estimate decays toward zero between
 * samples, so a backend that was slow and then starved of traffic is tried again. A pick counts as
 * a request sent to the chosen backend; report its end with {@link #onComplete}. Failed requests (errors, rejections) release
 * the outstanding slot but teach no latency: a fast rejection must not make a backend look fast.
 */
public final class PowerOfTwoChoicesBalancer implements Balancer {

    /**
     * Settings of the balancer.
     *
     * @param decayTime how fast a latency estimate forgets a peak (time constant of the decay)
     */
    public record Config(Duration decayTime) {

        /** Validates the settings. */
        public Config {
            Check.positive("decayTime", decayTime);
        }

        /** Returns the settings with a 10-second decay. */
        public static Config defaults() {
            return new Config(Duration.ofSeconds(10));
        }
    }

    private final PeakEwma[] latency;
    private final AtomicIntegerArray outstanding;
    private final RandomGenerator random;

    /**
     * Creates a balancer over {@code size} backends (at least 1) drawing from {@code random}
     * (seed it for reproducible runs). The generator is only used under this balancer's lock.
     */
    public PowerOfTwoChoicesBalancer(int size, Config config, RandomGenerator random) {
        Check.positive("size", size);
        Check.notNull("config", config);
        this.random = Check.notNull("random", random);
        long decayNanos = config.decayTime().toNanos();
        this.latency = new PeakEwma[size];
        for (int i = 0; i < size; i++) {
            latency[i] = new PeakEwma(decayNanos);
        }
        this.outstanding = new AtomicIntegerArray(size);
    }

    @Override
    public int pick(long nowNanos) {
        int n = latency.length;
        int chosen;
        if (n == 1) {
            chosen = 0;
        } else {
            long pair = Picks.drawTwo(random, n);
            int first = Picks.first(pair);
            int second = Picks.second(pair);
            chosen = cost(second, nowNanos) < cost(first, nowNanos) ? second : first;
        }
        outstanding.incrementAndGet(chosen);
        return chosen;
    }

    @Override
    public void onComplete(long nowNanos, int backend, long latencyNanos, boolean success) {
        Check.inRange("backend", backend, 0, latency.length - 1);
        outstanding.updateAndGet(backend, count -> count > 0 ? count - 1 : 0);
        if (success) {
            latency[backend].observe(latencyNanos, nowNanos);
        }
    }

    private double cost(int backend, long nowNanos) {
        return latency[backend].estimateNanos(nowNanos) * (outstanding.get(backend) + 1);
    }

    /**
     * Returns the latency estimate of {@code backend} at {@code nowNanos} in nanoseconds (for
     * reports): the peak-EWMA, decayed toward zero for the time since its last sample.
     */
    public double latencyEstimateNanos(int backend, long nowNanos) {
        return latency[backend].estimateNanos(nowNanos);
    }

    /** Returns the requests picked for {@code backend} and not yet completed. */
    public int outstanding(int backend) {
        return outstanding.get(backend);
    }

    @Override
    public int size() {
        return latency.length;
    }

    @Override
    public String toString() {
        return "PowerOfTwoChoicesBalancer[" + latency.length + "]";
    }
}
