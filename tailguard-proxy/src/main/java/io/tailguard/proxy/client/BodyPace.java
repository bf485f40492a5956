package io.tailguard.proxy.client;

/**
 * Not thread-safe (one per client connection, on its loop): the pace a request body must keep, as
 * pure arithmetic on the times it is given. A body must start within {@code timeoutNanos} of the
 * moment the proxy asks for it and never stall longer than that; past that first period it must also
 * average {@code minBytesPerSecond}. Each byte earns {@code 1 / minBytesPerSecond} seconds, so the
 * deadline is {@code min(last byte + timeout, start + timeout + bytes / rate)}: a client sending at
 * the minimum rate never reaches it, one trickling below it does, however steadily.
 */
final class BodyPace {

    private final long timeoutNanos;
    private final long minBytesPerSecond;
    private long startNanos;
    private long lastNanos;
    private long bytes;

    BodyPace(long timeoutNanos, long minBytesPerSecond) {
        this.timeoutNanos = timeoutNanos;
        this.minBytesPerSecond = minBytesPerSecond;
    }

    /** The proxy starts waiting for a body at {@code nowNanos}. */
    void start(long nowNanos) {
        startNanos = nowNanos;
        lastNanos = nowNanos;
        bytes = 0;
    }

    /** {@code count} bytes of the body arrived at {@code nowNanos}. */
    void progress(long nowNanos, long count) {
        lastNanos = nowNanos;
        bytes += count;
    }

    /**
     * The proxy was not reading at {@code nowNanos} (the backend could not take more), so the client
     * is not to blame for the wait: the deadline moves to a full timeout from now, keeping the credit
     * the bytes so far earned.
     */
    void resume(long nowNanos) {
        startNanos = nowNanos - earnedNanos();
        lastNanos = nowNanos;
    }

    /** The moment the body is too late. */
    long deadlineNanos() {
        long stalled = lastNanos + timeoutNanos;
        if (minBytesPerSecond == 0) {
            return stalled;
        }
        long slow = startNanos + timeoutNanos + earnedNanos();
        return slow - stalled < 0 ? slow : stalled;
    }

    private long earnedNanos() {
        if (minBytesPerSecond == 0) {
            return 0L;
        }
        long whole = bytes / minBytesPerSecond;
        long part = bytes % minBytesPerSecond;
        if (whole > Long.MAX_VALUE / 2_000_000_000L) {
            return Long.MAX_VALUE / 2; // beyond any timeout: the body is fast enough
        }
        return whole * 1_000_000_000L + part * 1_000_000_000L / minBytesPerSecond;
    }
}
