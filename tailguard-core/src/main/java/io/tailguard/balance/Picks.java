package io.tailguard.balance;

import io.tailguard.config.Check;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Thread-safe (stateless) what several balancers share: a checked copy of their backends'
 * availabilities, and a draw of two distinct backends packed in one {@code long} (first in the high
 * half, second in the low half), so a pick allocates nothing.
 */
final class Picks {

    private Picks() {
    }

    /** Returns {@code backends} as an array; at least one, none null. */
    static Availability[] copy(List<? extends Availability> backends) {
        Check.notNull("backends", backends);
        Check.positive("backends.size()", backends.size());
        Availability[] copy = new Availability[backends.size()];
        for (int i = 0; i < copy.length; i++) {
            copy[i] = Check.notNull("backends[" + i + "]", backends.get(i));
        }
        return copy;
    }

    /** Draws two distinct backends of {@code n} (at least 2) from {@code random}, under its lock. */
    static long drawTwo(RandomGenerator random, int n) {
        int first;
        int second;
        synchronized (random) {
            first = random.nextInt(n);
            second = random.nextInt(n - 1);
        }
        if (second >= first) {
            second++;
        }
        return ((long) first << 32) | second;
    }

    static int first(long pair) {
        return (int) (pair >>> 32);
    }

    static int second(long pair) {
        return (int) pair;
    }
}
