package io.tailguard.rate;

import io.tailguard.config.VarHandles;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Thread-safe counter alone on its cache line: the one word a rate gate updates per admit, with
 * 56 bytes of padding on either side so that another thread reading the gate's final fields (or an
 * unrelated object allocated next to it) does not pull the line away from the updating thread.
 * The padding is laid out through the class hierarchy, because the JVM keeps a superclass's fields
 * before a subclass's but may reorder fields within one class.
 */
final class PaddedLong extends PaddedLongValue {

    /** Spin-wait hints after the first lost CAS; doubled after each further loss, up to the maximum. */
    static final int FIRST_BACKOFF_SPINS = 4;
    /** At most 64 hints: about 3 µs on a recent x86 core, so a loser never stalls long. */
    static final int MAX_BACKOFF_SPINS = 64;

    @SuppressWarnings("unused")
    private long p10, p11, p12, p13, p14, p15, p16;

    PaddedLong(long initial) {
        VALUE.setVolatile(this, initial);
    }

    long get() {
        return (long) VALUE.getVolatile(this);
    }

    /**
     * Backs off after a lost CAS: spins {@code spins} times with {@link Thread#onSpinWait()}, never
     * parking, and returns the number of spins for the next loss.
     */
    static int backOff(int spins) {
        for (int i = 0; i < spins; i++) {
            Thread.onSpinWait();
        }
        return Math.min(spins << 1, MAX_BACKOFF_SPINS);
    }

    /** Sets the value to {@code update} if it was {@code expected}; returns the value seen. */
    long compareAndExchange(long expected, long update) {
        return (long) VALUE.compareAndExchange(this, expected, update);
    }
}

/** The padding before the value. */
abstract class PaddedLongLeft {
    @SuppressWarnings("unused")
    private long p00, p01, p02, p03, p04, p05, p06;
}

/** The value, between the two paddings. */
abstract class PaddedLongValue extends PaddedLongLeft {

    static final VarHandle VALUE = VarHandles.field(MethodHandles.lookup(), PaddedLongValue.class, "value", long.class);

    @SuppressWarnings("unused") // accessed through VALUE
    private volatile long value;
}
