package io.tailguard.redis;

import io.tailguard.admission.Permit;
import java.util.concurrent.atomic.AtomicBoolean;

/** Thread-safe permit of a {@link RedisConcurrencyLimit}: the first completion releases it in Redis. */
final class RedisPermit implements Permit {

    private final RedisConcurrencyLimit limit;
    private final String id;
    private final AtomicBoolean done = new AtomicBoolean();

    RedisPermit(RedisConcurrencyLimit limit, String id) {
        this.limit = limit;
        this.id = id;
    }

    @Override
    public void onSuccess(long nowNanos) {
        release();
    }

    @Override
    public void onDropped(long nowNanos) {
        release();
    }

    @Override
    public void onIgnore() {
        release();
    }

    private void release() {
        if (done.compareAndSet(false, true)) {
            limit.release(id);
        }
    }
}
