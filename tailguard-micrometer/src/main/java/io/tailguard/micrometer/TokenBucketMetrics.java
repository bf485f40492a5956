package io.tailguard.micrometer;

import io.micrometer.core.instrument.Tag;
import io.tailguard.rate.TokenBucket;
import io.tailguard.time.NanoClock;

/**
 * Thread-safe binder of a {@link TokenBucket}: gauge {@code tailguard.rate.tokens.available}, the
 * tokens a request could take at scrape time (read with {@code clock}, the bucket's own clock).
 */
public final class TokenBucketMetrics extends PolicyBinder<TokenBucket> {

    /** Binds {@code bucket}, read at {@code clock}'s time, with {@code tags} on every meter. */
    public TokenBucketMetrics(TokenBucket bucket, NanoClock clock, Iterable<Tag> tags) {
        super("bucket", bucket, tags);
        gauge("tailguard.rate.tokens.available", clock, TokenBucket::availableTokens,
                "tokens a request could take now");
    }
}
