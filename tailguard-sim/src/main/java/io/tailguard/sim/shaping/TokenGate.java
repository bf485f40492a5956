package io.tailguard.sim.shaping;

import io.tailguard.rate.TokenBucket;
import io.tailguard.rate.TokenBucketConfig;

/**
 * Not thread-safe: policing with core's {@link TokenBucket}: {@code burst} tokens, one more every
 * 10 ms (100 rps), full at time zero; an admitted request goes on at once, a rejected one is gone.
 * Core's bucket decides every arrival. Like the published bucket, which is continuous
 * ({@code tokens = min(B, tokens + elapsed × 0.1)}), it accrues from the moment it was last full: a
 * token taken from a full bucket is followed by the next one 10 ms later (at burst 1 every admission
 * finds the bucket full, and this decides the row: 31.2 rps goodput). With the published adapters:
 * <ul>
 *   <li>it runs on the {@link GateClock#PUBLISHED published clock};</li>
 *   <li>a token that falls due exactly at an arrival is granted only if the
 *       {@link PublishedTokenCount published floating-point count} also holds it.</li>
 * </ul>
 */
public final class TokenGate implements Gate {

    /** The label in the CSV. */
    public static final String LABEL = "token-bucket";

    private final TokenBucket bucket;
    private final GateClock clock;
    private final PublishedTokenCount published;
    private final Release release;
    private int tiesRefused;

    /**
     * Creates a full bucket of {@code burst} tokens.
     *
     * @param burst         the bucket's tokens, one more every 10 ms
     * @param release       receives each admitted request at once
     * @param clock         the clock the core bucket is driven on
     * @param publishedTies whether exact refill ties are broken by the published count (a lab adapter)
     */
    public TokenGate(int burst, Release release, GateClock clock, boolean publishedTies) {
        this.bucket = new TokenBucket(TokenBucketConfig.of(burst, 1, clock.period(10)), 0L);
        this.clock = clock;
        this.published = publishedTies ? new PublishedTokenCount(burst) : null;
        this.release = release;
    }

    @Override
    public boolean offer(int request, double arrivalMs) {
        long now = clock.ticks(arrivalMs);
        if (published != null) {
            published.advance(arrivalMs);
            boolean tokenDueNow = bucket.nanosUntilAvailable(now, 1) == 0 && bucket.nanosUntilAvailable(now - 1, 1) == 1;
            if (tokenDueNow && !published.hasToken()) {
                tiesRefused++;
                return false;
            }
        }
        if (!bucket.tryAcquire(now, 1L)) {
            return false;
        }
        if (published != null) {
            published.take();
        }
        release.released(request, arrivalMs);
        return true;
    }

    /** Arrivals core's bucket would have admitted that the published count refused (exact ties). */
    public int tiesRefused() {
        return tiesRefused;
    }

    @Override
    public void flush() {
        // a policer holds nothing
    }

    @Override
    public String label() {
        return LABEL;
    }
}
