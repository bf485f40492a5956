package io.tailguard.limit;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Thread-safe: the limit a {@link ConcurrencyLimiter} enforces, one volatile int. A limiter
 * usually owns its cell and writes it under its estimator's lock; an estimator whose whole state
 * is its limit (the loss-only {@link AimdLimit}) owns it instead and moves it by compare-and-set,
 * so completions that leave the limit where it is write nothing shared and take no lock.
 */
final class LimitCell {

    private static final VarHandle VALUE;

    static {
        try {
            VALUE = MethodHandles.lookup().findVarHandle(LimitCell.class, "value", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // read and written through VALUE
    private volatile int value;

    LimitCell(int initial) {
        value = initial;
    }

    int get() {
        return value;
    }

    void set(int limit) {
        value = limit;
    }

    boolean compareAndSet(int expected, int limit) {
        return VALUE.compareAndSet(this, expected, limit);
    }
}
