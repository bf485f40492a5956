package io.tailguard.micrometer;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.tailguard.config.Check;
import io.tailguard.rate.TokenBucket;
import io.tailguard.time.NanoClock;

/**
 * Thread-safe binder of a {@link TokenBucket}: gauge {@code tailguard.rate.tokens.available}, the
 * tokens a request could take at scrape time (read with {@code clock}, the bucket's own clock).
 */
public final class TokenBucketMetrics implements MeterBinder {

    private final TokenBucket bucket;
    private final NanoClock clock;
    private final Tags tags;

    /** Binds {@code bucket}, read at {@code clock}'s time, with {@code tags} on every meter. */
    public TokenBucketMetrics(TokenBucket bucket, NanoClock clock, Iterable<Tag> tags) {
        this.bucket = Check.notNull("bucket", bucket);
        this.clock = Check.notNull("clock", clock);
        this.tags = Tags.of(Check.notNull("tags", tags));
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauges.register(registry, "tailguard.rate.tokens.available", bucket,
                b -> b.availableTokens(clock.nanoTime()), tags, "tokens a request could take now");
    }
}
