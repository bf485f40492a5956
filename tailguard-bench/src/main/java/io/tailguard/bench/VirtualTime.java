package io.tailguard.bench;

import io.tailguard.time.NanoClock;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Not thread-safe (JMH gives each benchmark thread its own) virtual time for the given-time
 * variants: it starts at the system clock and moves on one microsecond, a call's length, per call.
 */
@State(Scope.Thread)
public class VirtualTime {

    /** How far one call moves the time. */
    static final long CALL_NANOS = 1_000L;

    long nowNanos;

    /** Starts at the system clock's time. */
    @Setup
    public void setUp() {
        nowNanos = NanoClock.system().nanoTime();
    }

    long next() {
        nowNanos += CALL_NANOS;
        return nowNanos;
    }
}
