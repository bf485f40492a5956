package io.tailguard.proxy;

import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.tailguard.path.PathRoute;
import io.tailguard.redis.RateDecision;
import java.util.concurrent.RejectedExecutionException;

/**
 * Thread-safe (stateless): an exchange's wait for its route's Redis bucket. It asks the bucket, then
 * goes on with admission on the exchange's loop when the answer comes. Meanwhile the request waits as
 * a queued one does: nothing more of it is read, its deadline (if it has one) answers
 * {@code 503 deadline_exceeded}, and a client that leaves is forgotten, so a late admission forwards
 * nothing.
 */
public final class SharedRateWait {

    private SharedRateWait() {
    }

    public static void await(Exchange exchange, EventLoop loop, RateGates shared, long nowNanos) {
        exchange.markRating(nowNanos);
        shared.tryAcquire(nowNanos).whenComplete((decision, error) -> {
            try {
                loop.execute(() -> decided(exchange, decision, error));
            } catch (RejectedExecutionException closed) {
                // the proxy closed: its connections, this request's among them, are closed already
            }
        });
    }

    private static void decided(Exchange exchange, RateDecision decision, Throwable error) {
        if (!exchange.rating()) { // the client left or the deadline passed: the token stays spent
            return;
        }
        String pool = exchange.pool().name();
        if (error != null) { // the bucket answers degraded rather than fail, so this is a bug, not Redis
            exchange.metrics().rejected(pool, "rate_failed");
            exchange.answer(HttpResponseStatus.SERVICE_UNAVAILABLE, -1L, "rate_failed");
            return;
        }
        if (!decision.admitted()) {
            exchange.metrics().rejected(pool, "rate_limited");
            exchange.answer(HttpResponseStatus.TOO_MANY_REQUESTS,
                    PathRoute.retryAfterSeconds(Math.max(1L, decision.retryAfterNanos())), "rate_limited");
            return;
        }
        exchange.rateAdmitted();
    }
}
