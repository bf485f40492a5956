package io.tailguard.balance;

/**
 * How much of its capacity a backend offers right now, from 0 (none) to 1 (all of it). Lease
 * views implement it as remaining / allowed. Implementations are thread-safe and allocation-free.
 */
@FunctionalInterface
public interface Availability {

    /** Returns the availability at {@code nowNanos}, between 0 and 1. */
    double availability(long nowNanos);
}
