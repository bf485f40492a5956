package io.tailguard.rate;

import java.math.BigInteger;

/**
 * Not thread-safe: GCRA in its virtual-scheduling form, in {@link BigInteger}, as the reference a
 * {@link TokenBucket} is held to. Time counts in ticks of {@code u = T / floor(T)} ns for the
 * emission interval {@code T = period / tokens} (one nanosecond whenever {@code T} is whole, so that
 * this is then GCRA on the nanosecond clock); an instant counts at the tick it falls in. A request
 * for {@code p} tokens at tick {@code t} conforms iff {@code TAT − t <= (C − p) × I} with the
 * increment {@code I = floor(T)} ticks, and then {@code TAT = max(TAT, t) + p × I}.
 */
final class GcraModel {

    private final BigInteger capacity;
    /** Ticks per nanosecond as the fraction {@code tickNumerator / tickDenominator = 1 / u}. */
    private final BigInteger tickNumerator;
    private final BigInteger tickDenominator;
    private final BigInteger increment;
    private BigInteger tat;

    GcraModel(long capacity, long tokens, long periodNanos, long initialTokens) {
        BigInteger period = BigInteger.valueOf(periodNanos);
        BigInteger refill = BigInteger.valueOf(tokens);
        this.capacity = BigInteger.valueOf(capacity);
        this.increment = period.divide(refill);
        // u = T / I = period / (tokens × I) ns
        this.tickNumerator = refill.multiply(increment);
        this.tickDenominator = period;
        this.tat = this.capacity.subtract(BigInteger.valueOf(initialTokens)).multiply(increment);
    }

    /** True if the tick is one nanosecond, so that this is GCRA on the nanosecond clock. */
    boolean nanosecondTicks() {
        return tickNumerator.equals(tickDenominator);
    }

    /** Decides {@code permits} tokens at {@code elapsedNanos} after creation. */
    boolean tryAcquire(long elapsedNanos, long permits) {
        BigInteger p = BigInteger.valueOf(permits);
        if (p.compareTo(capacity) > 0) {
            return false;
        }
        BigInteger now = tick(elapsedNanos);
        if (tat.subtract(now).compareTo(capacity.subtract(p).multiply(increment)) > 0) {
            return false;
        }
        tat = tat.max(now).add(p.multiply(increment));
        return true;
    }

    /** Nanoseconds from {@code elapsedNanos} to the first instant {@code permits} tokens conform. */
    long nanosUntilAvailable(long elapsedNanos, long permits) {
        BigInteger p = BigInteger.valueOf(permits);
        if (p.compareTo(capacity) > 0) {
            return Long.MAX_VALUE;
        }
        BigInteger due = tat.subtract(capacity.subtract(p).multiply(increment));
        if (tick(elapsedNanos).compareTo(due) >= 0) {
            return 0L;
        }
        // the first whole nanosecond e with floor(e / u) >= due is ceil(due × u)
        BigInteger[] qr = due.multiply(tickDenominator).divideAndRemainder(tickNumerator);
        BigInteger first = qr[1].signum() > 0 ? qr[0].add(BigInteger.ONE) : qr[0];
        return first.subtract(BigInteger.valueOf(elapsedNanos)).longValueExact();
    }

    /** Tokens that conform at {@code elapsedNanos}: {@code C − ceil((TAT − t) / I)}, within [0, C]. */
    long availableTokens(long elapsedNanos) {
        BigInteger ahead = tat.subtract(tick(elapsedNanos));
        if (ahead.signum() <= 0) {
            return capacity.longValueExact();
        }
        BigInteger owed = ahead.add(increment).subtract(BigInteger.ONE).divide(increment);
        return capacity.subtract(owed).max(BigInteger.ZERO).longValueExact();
    }

    private BigInteger tick(long elapsedNanos) {
        BigInteger[] qr = BigInteger.valueOf(elapsedNanos).multiply(tickNumerator).divideAndRemainder(tickDenominator);
        return qr[1].signum() < 0 ? qr[0].subtract(BigInteger.ONE) : qr[0];
    }
}
