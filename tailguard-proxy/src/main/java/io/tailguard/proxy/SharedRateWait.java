package io.tailguard.proxy;

import io.netty.channel.EventLoop;
import java.util.concurrent.RejectedExecutionException;

/**
 * Thread-safe (stateless): the proxy's half of the core decision path's shared gate for a route's
 * Redis bucket. The path asks ({@link io.tailguard.path.PathHost#askGate}); this asks the bucket and
 * hands its answer to the exchange on its loop, which tells the path. Meanwhile the path holds the
 * request as a queued one: nothing more of it is read, its deadline (if it has one) answers
 * {@code 503 deadline_exceeded}, and a client that leaves is withdrawn, so a late admission forwards
 * nothing.
 */
final class SharedRateWait {

    private SharedRateWait() {
    }

    static void await(Exchange exchange, EventLoop loop, RateGates shared, long nowNanos) {
        shared.tryAcquire(nowNanos).whenComplete((decision, error) -> {
            try {
                loop.execute(() -> exchange.rateDecided(decision, error));
            } catch (RejectedExecutionException closed) {
                // the proxy closed: its connections, this request's among them, are closed already
            }
        });
    }
}
