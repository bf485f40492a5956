package io.tailguard.lab.adaptive;

import com.netflix.concurrency.limits.Limit;
import io.tailguard.sim.limiter.SimLimiter;

/**
 * Not thread-safe enforcer of a Netflix concurrency-limits {@link Limit} on the simulated clock:
 * admits while fewer than {@code getLimit()} are in flight and feeds each ended request to
 * {@code onSample(startTime, rtt, inflight, didDrop)} with simulated nanoseconds, as Netflix's
 * {@code SimpleLimiter} does with its own clock.
 */
final class NetflixLimiter implements SimLimiter {

    private final Limit limit;
    private int inFlight;

    NetflixLimiter(Limit limit) {
        this.limit = limit;
    }

    @Override
    public Object acquire(long nowNanos) {
        if (inFlight >= limit.getLimit()) {
            return null;
        }
        inFlight++;
        return new long[] {nowNanos, inFlight};
    }

    @Override
    public void release(Object handle, long nowNanos, boolean dropped) {
        long[] start = (long[]) handle;
        inFlight--;
        limit.onSample(start[0], nowNanos - start[0], (int) start[1], dropped);
    }

    @Override
    public int limit() {
        return limit.getLimit();
    }
}
