package io.tailguard.sim.shaping;

import io.tailguard.queue.LeakyBucketConfig;
import io.tailguard.queue.LeakyBucketShaper;

/**
 * Not thread-safe: shaping with core's {@link LeakyBucketShaper}: depth {@code depth}, one release
 * every 10 ms (100 rps); a request waits in the bucket until its release, a full bucket rejects.
 * Core's shaper decides every arrival and fixes every release time.
 *
 * <p><b>The published depth (a lab adapter).</b> The published bucket counts a request against
 * its depth until it has drained through the 10 ms leak, not only until its release: its depth
 * is {@code ceil((nextRelease - t) / 10)}, which holds the request released within the last
 * 10 ms. With the published adapters this gate therefore takes requests out of the core shaper
 * 10 ms after their release ({@code poll(now - 10 ms)}), so the shaper's own capacity check
 * decides on the published count; it runs on the {@link GateClock#PUBLISHED published clock}.
 * As a service deploys it, the shaper is polled at each release.
 */
public final class LeakyGate implements Gate {

    /** The label in the CSV. */
    public static final String LABEL = "leaky-bucket";

    private final LeakyBucketShaper<Integer> shaper;
    private final GateClock clock;
    private final long pollLateTicks;
    private final Release release;

    /**
     * Creates an empty bucket of {@code depth}.
     *
     * @param depth          the requests the bucket holds, one released every 10 ms
     * @param release        receives each request at its release time
     * @param clock          the clock the core shaper is driven on
     * @param publishedDepth whether a request counts against the depth until it has leaked (a lab adapter)
     */
    public LeakyGate(int depth, Release release, GateClock clock, boolean publishedDepth) {
        this.shaper = new LeakyBucketShaper<>(new LeakyBucketConfig(depth, clock.period(10)));
        this.clock = clock;
        this.pollLateTicks = publishedDepth ? clock.period(10).toNanos() : 0L;
        this.release = release;
    }

    @Override
    public boolean offer(int request, double arrivalMs) {
        long now = clock.ticks(arrivalMs);
        drain(now - pollLateTicks);
        return shaper.offer(now, request);
    }

    @Override
    public void flush() {
        drain(Long.MAX_VALUE);
    }

    private void drain(long upToTicks) {
        while (!shaper.isEmpty() && shaper.nextReleaseNanos() <= upToTicks) {
            long releaseTicks = shaper.nextReleaseNanos();
            release.released(shaper.poll(releaseTicks), clock.ms(releaseTicks));
        }
    }

    @Override
    public String label() {
        return LABEL;
    }
}
