package io.tailguard.balance;

import io.tailguard.config.Check;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Thread-safe power-of-two-choices on {@link Availability} (for leases: remaining / allowed): each
 * pick draws two distinct backends with the injected generator and keeps the more available one,
 * the first drawn on a tie. Cheaper than scanning every backend when there are many, and it spreads
 * requests among the well-leased backends instead of sending every request to the single best one.
 * When both draws are exhausted it keeps the first (a random backend): the responders, not the
 * requester, decide what to reject.
 */
public final class PowerOfTwoAvailabilityBalancer extends AvailabilityBalancer {

    private final RandomGenerator random;

    /**
     * Creates a balancer over {@code backends} (at least one) drawing from {@code random} (seed it for
     * reproducible runs); the generator is only used under this balancer's lock.
     */
    public PowerOfTwoAvailabilityBalancer(List<? extends Availability> backends, RandomGenerator random) {
        super(backends);
        this.random = Check.notNull("random", random);
    }

    @Override
    public int pick(long nowNanos) {
        int n = backends.length;
        if (n == 1) {
            return 0;
        }
        long pair = Picks.drawTwo(random, n);
        int first = Picks.first(pair);
        int second = Picks.second(pair);
        return backends[second].availability(nowNanos) > backends[first].availability(nowNanos) ? second : first;
    }
}
