package io.tailguard.balance;

import java.util.List;

/**
 * Thread-safe base of the balancers that choose by {@link Availability}: the checked copy of the
 * backends they choose among, their count and the name they print.
 */
abstract class AvailabilityBalancer implements Balancer {

    final Availability[] backends;

    AvailabilityBalancer(List<? extends Availability> backends) {
        this.backends = Picks.copy(backends);
    }

    @Override
    public int size() {
        return backends.length;
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + backends.length + "]";
    }
}
