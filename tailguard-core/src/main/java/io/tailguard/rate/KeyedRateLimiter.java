package io.tailguard.rate;

import io.tailguard.config.Check;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Thread-safe token buckets per key (client address, API key), bounded in memory: a key unseen for
 * {@code idleNanos} is forgotten, and past {@code maxKeys} the key seen least recently is forgotten
 * to make room. A forgotten key comes back with a full bucket, which is what an idle client would
 * have anyway; only a client rotating through more than {@code maxKeys} keys gains from eviction, so
 * size {@code maxKeys} above the number of clients active within {@code idleNanos}.
 *
 * <p>The map of keys sits behind one lock (a lookup and a move to the recent end); the bucket's
 * decision itself is the lock-free {@link TokenBucket}. It holds no clock.
 *
 * @param <K> the key type
 */
public final class KeyedRateLimiter<K> {

    private final TokenBucketConfig bucket;
    private final int maxKeys;
    private final long idleNanos;
    private final LinkedHashMap<K, Entry> buckets = new LinkedHashMap<>(16, 0.75f, true);

    private static final class Entry {
        final TokenBucket bucket;
        long lastSeenNanos;

        Entry(TokenBucket bucket) {
            this.bucket = bucket;
        }
    }

    /** Creates a limiter giving each key its own bucket of {@code bucket}. */
    public KeyedRateLimiter(TokenBucketConfig bucket, int maxKeys, long idleNanos) {
        this.bucket = Check.notNull("bucket", bucket);
        this.maxKeys = Check.positive("maxKeys", maxKeys);
        this.idleNanos = Check.positive("idleNanos", idleNanos);
    }

    /**
     * Takes a token from {@code key}'s bucket at {@code nowNanos}.
     *
     * @return 0 if admitted; otherwise the nanoseconds until the key's next token (for Retry-After)
     */
    public long tryAcquire(long nowNanos, K key) {
        TokenBucket keyBucket = bucketOf(Check.notNull("key", key), nowNanos);
        if (keyBucket.tryAcquire(nowNanos, 1L)) {
            return 0L;
        }
        return Math.max(1L, keyBucket.nanosUntilAvailable(nowNanos, 1L));
    }

    /** Returns the number of keys tracked now. */
    public synchronized int size() {
        return buckets.size();
    }

    private synchronized TokenBucket bucketOf(K key, long nowNanos) {
        Iterator<Map.Entry<K, Entry>> oldest = buckets.entrySet().iterator();
        while (oldest.hasNext()) {
            Map.Entry<K, Entry> eldest = oldest.next();
            if (nowNanos - eldest.getValue().lastSeenNanos < idleNanos) {
                break; // access order: every later key was seen more recently
            }
            oldest.remove();
        }
        Entry entry = buckets.get(key);
        if (entry == null) {
            if (buckets.size() >= maxKeys) {
                Iterator<K> leastRecent = buckets.keySet().iterator();
                leastRecent.next();
                leastRecent.remove();
            }
            entry = new Entry(new TokenBucket(bucket, nowNanos));
            buckets.put(key, entry);
        }
        entry.lastSeenNanos = nowNanos;
        return entry.bucket;
    }
}
