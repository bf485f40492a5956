package io.tailguard.lab.shaping;

import io.tailguard.lab.playground.SimEvents;
import io.tailguard.queue.LeakyBucketConfig;
import io.tailguard.queue.LeakyBucketShaper;
import java.time.Duration;

/**
 * Not thread-safe: shaping with core's {@link LeakyBucketShaper}: depth {@code depth}, one release
 * every 10 ms (100 rps); a request waits in the bucket until its release, a full bucket rejects.
 *
 * <p><b>The published depth (a lab adapter).</b> The published bucket counts a request against
 * its depth until it has drained through the 10 ms leak, not only until its release: its depth
 * is {@code ceil((nextRelease - t) / 10)}, which holds the request released within the last
 * 10 ms. This gate therefore takes requests out of the core shaper 10 ms after their release
 * ({@code poll(now - 10 ms)}); the shaper's own capacity check then decides on the published
 * count, and each request is handed on with the release time the shaper gave it.
 */
final class LeakyGate implements Gate {

    static final String LABEL = "leaky-bucket";
    static final long LEAK_NANOS = 10_000_000L;

    private final LeakyBucketShaper<Integer> shaper;
    private final Release release;

    LeakyGate(int depth, Release release) {
        this.shaper = new LeakyBucketShaper<>(new LeakyBucketConfig(depth, Duration.ofNanos(LEAK_NANOS)));
        this.release = release;
    }

    @Override
    public boolean offer(int request, double arrivalMs) {
        long nowNanos = SimEvents.nanos(arrivalMs);
        drain(nowNanos - LEAK_NANOS);
        return shaper.offer(nowNanos, request);
    }

    @Override
    public void flush() {
        drain(Long.MAX_VALUE);
    }

    private void drain(long upToNanos) {
        while (!shaper.isEmpty() && shaper.nextReleaseNanos() <= upToNanos) {
            long releaseNanos = shaper.nextReleaseNanos();
            release.released(shaper.poll(releaseNanos), releaseNanos / 1e6);
        }
    }

    @Override
    public String label() {
        return LABEL;
    }
}
