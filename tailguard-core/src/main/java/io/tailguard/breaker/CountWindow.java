package io.tailguard.breaker;

/** Not thread-safe window of the last N outcomes in a ring; bit 0 = failed, bit 1 = slow. */
final class CountWindow extends OutcomeWindow {

    private static final byte FAILED = 1;
    private static final byte SLOW = 2;

    private final byte[] ring;
    private int next;

    CountWindow(int size) {
        this.ring = new byte[size];
    }

    @Override
    void record(long nowNanos, boolean failed, boolean wasSlow) {
        if (calls == ring.length) {
            byte old = ring[next];
            failures -= old & FAILED;
            slow -= (old & SLOW) >>> 1;
        } else {
            calls++;
        }
        byte flags = (byte) ((failed ? FAILED : 0) | (wasSlow ? SLOW : 0));
        ring[next] = flags;
        failures += flags & FAILED;
        slow += (flags & SLOW) >>> 1;
        next = next + 1 == ring.length ? 0 : next + 1;
    }

    @Override
    void advance(long nowNanos) {
        // a count window forgets by count, not by time
    }

    @Override
    boolean timed() {
        return false;
    }

    @Override
    void clear() {
        calls = 0;
        failures = 0;
        slow = 0;
        next = 0;
    }
}
