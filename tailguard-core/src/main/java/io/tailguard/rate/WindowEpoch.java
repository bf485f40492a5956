package io.tailguard.rate;

/**
 * Thread-safe state of a {@link FixedWindowRateLimiter} for 2^32 cycles from {@code base}: one word
 * holding the current cycle's offset from {@code base} in its high 32 bits and the permits taken in
 * that cycle in its low 32 bits, alone on its cache line like {@link PaddedLong}. The count never
 * carries into the offset: it stays below the limit (at most 2^31 − 1) plus one add per thread that
 * raced for the last permit.
 */
final class WindowEpoch extends PaddedLongValue {

    /** Cycles one epoch spans: the offsets its word can hold. */
    static final long CYCLES = 1L << 32;
    static final long COUNT_MASK = CYCLES - 1;

    /** The index of the epoch's first cycle. */
    final long base;

    @SuppressWarnings("unused")
    private long p10, p11, p12, p13, p14, p15, p16;

    WindowEpoch(long base, long offset, long taken) {
        this.base = base;
        VALUE.setVolatile(this, word(offset, taken));
    }

    static long word(long offset, long taken) {
        return offset << 32 | taken;
    }

    long get() {
        return (long) VALUE.getVolatile(this);
    }

    long getAndAddOne() {
        return (long) VALUE.getAndAdd(this, 1L);
    }

    /** Sets the word to {@code update} if it was {@code expected}; returns the word seen. */
    long compareAndExchange(long expected, long update) {
        return (long) VALUE.compareAndExchange(this, expected, update);
    }
}
