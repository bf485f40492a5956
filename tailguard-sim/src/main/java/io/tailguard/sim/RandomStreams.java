package io.tailguard.sim;

import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * Thread-safe (stateless) derivation of independent random streams from one seed: each component
 * gets its own stream keyed by a stable name, so adding a component does not shift the draws of
 * the others.
 */
public final class RandomStreams {

    private RandomStreams() {
    }

    /** Returns a new generator for stream {@code name} of {@code seed}. */
    public static RandomGenerator stream(long seed, String name) {
        return new SplittableRandom(mix64(seed ^ mix64(name.hashCode() * 0x9E3779B97F4A7C15L + name.length())));
    }

    // MurmurHash3's 64-bit finaliser: a bijection that spreads every input bit.
    private static long mix64(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return z ^ (z >>> 33);
    }
}
