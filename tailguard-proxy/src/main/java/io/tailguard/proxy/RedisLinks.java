package io.tailguard.proxy;

import io.tailguard.redis.RedisLink;
import io.tailguard.redis.RedisLinkConfig;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Thread-safe: one {@link RedisLink} per Redis URI and timeout for the life of the process, shared
 * by every route (and every proxy started in it) that names them, as a connection pool would be. A
 * link keeps itself connected in the background, so a proxy never reconnects on a request's time.
 */
final class RedisLinks {

    private static final ConcurrentHashMap<String, RedisLink> LINKS = new ConcurrentHashMap<>();

    private RedisLinks() {
    }

    static RedisLink forUri(String uri, Duration timeout) {
        return LINKS.computeIfAbsent(uri + " " + timeout,
                u -> RedisLink.connect(uri, RedisLinkConfig.DEFAULT.withTimeout(timeout)));
    }
}
