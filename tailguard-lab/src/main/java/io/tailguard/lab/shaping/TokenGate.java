package io.tailguard.lab.shaping;

import io.tailguard.lab.playground.SimEvents;
import io.tailguard.rate.TokenBucket;
import io.tailguard.rate.TokenBucketConfig;
import java.time.Duration;

/**
 * Not thread-safe: policing with core's {@link TokenBucket}: {@code burst} tokens, one more every
 * 10 ms (100 rps), full at time zero; an admitted request goes on at once, a rejected one is gone.
 */
final class TokenGate implements Gate {

    static final String LABEL = "token-bucket";

    private final TokenBucket bucket;
    private final Release release;

    TokenGate(int burst, Release release) {
        this.bucket = new TokenBucket(TokenBucketConfig.of(burst, 1, Duration.ofMillis(10)), 0L);
        this.release = release;
    }

    @Override
    public boolean offer(int request, double arrivalMs) {
        if (!bucket.tryAcquire(SimEvents.nanos(arrivalMs), 1L)) {
            return false;
        }
        release.released(request, arrivalMs);
        return true;
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
