package io.tailguard.breaker;

import java.util.Arrays;

/**
 * Not thread-safe window of the outcomes of the last N whole seconds, one bucket per second; a
 * bucket is emptied (and its counts subtracted) when its second leaves the window.
 */
final class TimeWindow extends OutcomeWindow {

    private static final long SECOND_NANOS = 1_000_000_000L;

    private final long[] second;
    private final int[] bucketCalls;
    private final int[] bucketFailures;
    private final int[] bucketSlow;

    TimeWindow(int seconds) {
        this.second = new long[seconds];
        this.bucketCalls = new int[seconds];
        this.bucketFailures = new int[seconds];
        this.bucketSlow = new int[seconds];
        Arrays.fill(second, Long.MIN_VALUE);
    }

    @Override
    void record(long nowNanos, boolean failed, boolean wasSlow) {
        int i = bucket(nowNanos);
        bucketCalls[i]++;
        calls++;
        if (failed) {
            bucketFailures[i]++;
            failures++;
        }
        if (wasSlow) {
            bucketSlow[i]++;
            slow++;
        }
    }

    @Override
    void advance(long nowNanos) {
        long now = Math.floorDiv(nowNanos, SECOND_NANOS);
        for (int i = 0; i < second.length; i++) {
            if (second[i] != Long.MIN_VALUE && now - second[i] >= second.length) {
                evict(i);
            }
        }
    }

    @Override
    boolean timed() {
        return true;
    }

    @Override
    void clear() {
        for (int i = 0; i < second.length; i++) {
            evict(i);
        }
        calls = 0;
        failures = 0;
        slow = 0;
    }

    private int bucket(long nowNanos) {
        long now = Math.floorDiv(nowNanos, SECOND_NANOS);
        int i = (int) Math.floorMod(now, (long) second.length);
        if (second[i] != now) {
            evict(i);
            second[i] = now;
        }
        return i;
    }

    private void evict(int i) {
        calls -= bucketCalls[i];
        failures -= bucketFailures[i];
        slow -= bucketSlow[i];
        bucketCalls[i] = 0;
        bucketFailures[i] = 0;
        bucketSlow[i] = 0;
        second[i] = Long.MIN_VALUE;
    }
}
