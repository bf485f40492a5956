package io.tailguard.sim;

import java.util.Arrays;

/**
 * Not thread-safe binary min-heap of events on primitive arrays, so scheduling allocates nothing
 * once the arrays have grown to the run's peak size.
 *
 * <p>Order: time ascending, then kind ascending (completions before wake-ups), then the
 * sequence number given when the event was pushed. Kind and sequence share one {@code long} key:
 * the kind in the top byte, the sequence in the low 56 bits.
 */
final class EventQueue {

    /** A job's service ends; payload is the job's slot. */
    static final int COMPLETION = 0;
    /** The station's queue may have a job ready (shapers); payload unused. */
    static final int WAKE = 1;

    private static final int KIND_SHIFT = 56;
    private static final long SEQUENCE_MASK = (1L << KIND_SHIFT) - 1;

    private long[] times = new long[64];
    private long[] keys = new long[64];
    private int[] payloads = new int[64];
    private int size;
    private long sequence;

    private long polledTimeNanos;
    private int polledKind;
    private int polledPayload;

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    /** Time of the earliest event, or {@link Long#MAX_VALUE} if there is none. */
    long peekTimeNanos() {
        return size == 0 ? Long.MAX_VALUE : times[0];
    }

    void push(long timeNanos, int kind, int payload) {
        if (size == times.length) {
            grow();
        }
        long key = ((long) kind << KIND_SHIFT) | (sequence++ & SEQUENCE_MASK);
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            long pt = times[parent];
            if (pt < timeNanos || (pt == timeNanos && keys[parent] < key)) {
                break;
            }
            times[i] = pt;
            keys[i] = keys[parent];
            payloads[i] = payloads[parent];
            i = parent;
        }
        times[i] = timeNanos;
        keys[i] = key;
        payloads[i] = payload;
    }

    /** Removes the earliest event; read it with {@link #polledTimeNanos()} and friends. */
    void poll() {
        polledTimeNanos = times[0];
        polledKind = (int) (keys[0] >>> KIND_SHIFT);
        polledPayload = payloads[0];
        int last = --size;
        if (last == 0) {
            return;
        }
        long t = times[last];
        long k = keys[last];
        int p = payloads[last];
        int i = 0;
        int half = last >>> 1;
        while (i < half) {
            int child = 2 * i + 1;
            int right = child + 1;
            long ct = times[child];
            long ck = keys[child];
            if (right < last) {
                long rt = times[right];
                long rk = keys[right];
                if (rt < ct || (rt == ct && rk < ck)) {
                    child = right;
                    ct = rt;
                    ck = rk;
                }
            }
            if (t < ct || (t == ct && k < ck)) {
                break;
            }
            times[i] = ct;
            keys[i] = ck;
            payloads[i] = payloads[child];
            i = child;
        }
        times[i] = t;
        keys[i] = k;
        payloads[i] = p;
    }

    long polledTimeNanos() {
        return polledTimeNanos;
    }

    int polledKind() {
        return polledKind;
    }

    int polledPayload() {
        return polledPayload;
    }

    private void grow() {
        int n = times.length * 2;
        times = Arrays.copyOf(times, n);
        keys = Arrays.copyOf(keys, n);
        payloads = Arrays.copyOf(payloads, n);
    }
}
