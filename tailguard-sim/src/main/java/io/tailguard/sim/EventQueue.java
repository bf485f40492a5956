package io.tailguard.sim;

import java.util.Arrays;

/**
 * Not thread-safe priority queue of events on primitive arrays, so scheduling allocates nothing
 * once the arrays have grown to the run's peak size.
 *
 * <p>Order: time ascending, then kind ascending (completions, then wake-ups, then scheduled
 * tasks), then the sequence number given when the event was pushed. Kind and sequence share one {@code long} key:
 * the kind in the top byte, the sequence in the low 56 bits.
 *
 * <p>Two stores keep that one order: a FIFO "lane" takes every event that sorts after the lane's
 * last one (the common case: fixed service times, one worker, infinite servers), in O(1); the rest
 * go to a binary min-heap. Polling takes the smaller of the two heads.
 */
final class EventQueue {

    /** A job's service ends; payload is the job's slot. */
    static final int COMPLETION = 0;
    /** The station's queue may have a job ready (shapers); payload unused. */
    static final int WAKE = 1;
    /** A task given to the {@link SimScheduler}; payload is its slot there. */
    static final int TASK = 2;

    private static final int KIND_SHIFT = 56;
    private static final long SEQUENCE_MASK = (1L << KIND_SHIFT) - 1;

    private long[] times = new long[64];
    private long[] keys = new long[64];
    private int[] payloads = new int[64];
    private int size;
    private long sequence;

    private long[] laneTimes = new long[64];
    private long[] laneKeys = new long[64];
    private int[] lanePayloads = new int[64];
    private int laneHead;
    private int laneSize;
    private long laneLastTime;
    private long laneLastKey;

    boolean isEmpty() {
        return size == 0 && laneSize == 0;
    }

    int size() {
        return size + laneSize;
    }

    /** Time of the earliest event, or {@link Long#MAX_VALUE} if there is none. */
    long peekTimeNanos() {
        long heapTime = size == 0 ? Long.MAX_VALUE : times[0];
        long laneTime = laneSize == 0 ? Long.MAX_VALUE : laneTimes[laneHead];
        return Math.min(heapTime, laneTime);
    }

    /** Kind of the earliest event; only meaningful when the queue is not empty. */
    int peekKind() {
        return (int) ((laneFirst() ? laneKeys[laneHead] : keys[0]) >>> KIND_SHIFT);
    }

    /** True if the lane's head is the earliest event (the lane is not empty and sorts first). */
    private boolean laneFirst() {
        if (laneSize == 0) {
            return false;
        }
        return size == 0 || before(laneTimes[laneHead], laneKeys[laneHead], times[0], keys[0]);
    }

    void push(long timeNanos, int kind, int payload) {
        long key = ((long) kind << KIND_SHIFT) | (sequence++ & SEQUENCE_MASK);
        if (laneSize == 0 || before(laneLastTime, laneLastKey, timeNanos, key)) {
            if (laneSize == laneTimes.length) {
                growLane();
            }
            int tail = (laneHead + laneSize++) & (laneTimes.length - 1);
            laneTimes[tail] = timeNanos;
            laneKeys[tail] = key;
            lanePayloads[tail] = payload;
            laneLastTime = timeNanos;
            laneLastKey = key;
            return;
        }
        pushHeap(timeNanos, key, payload);
    }

    private void pushHeap(long timeNanos, long key, int payload) {
        if (size == times.length) {
            grow();
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (before(times[parent], keys[parent], timeNanos, key)) {
                break;
            }
            place(i, times[parent], keys[parent], payloads[parent]);
            i = parent;
        }
        place(i, timeNanos, key, payload);
    }

    /**
     * Removes the earliest event and returns its payload; read its time and kind first with
     * {@link #peekTimeNanos()} and {@link #peekKind()}. Only meaningful when the queue is not empty.
     */
    int poll() {
        if (laneFirst()) {
            int payload = lanePayloads[laneHead];
            laneHead = (laneHead + 1) & (laneTimes.length - 1);
            laneSize--;
            return payload;
        }
        return pollHeap();
    }

    private int pollHeap() {
        int payload = payloads[0];
        int last = --size;
        if (last == 0) {
            return payload;
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
                if (before(rt, rk, ct, ck)) {
                    child = right;
                    ct = rt;
                    ck = rk;
                }
            }
            if (before(t, k, ct, ck)) {
                break;
            }
            place(i, ct, ck, payloads[child]);
            i = child;
        }
        place(i, t, k, p);
        return payload;
    }

    /** The one order of events: time first, then the key (kind, then sequence). */
    private static boolean before(long timeNanos, long key, long otherTimeNanos, long otherKey) {
        return timeNanos < otherTimeNanos || (timeNanos == otherTimeNanos && key < otherKey);
    }

    private void place(int slot, long timeNanos, long key, int payload) {
        times[slot] = timeNanos;
        keys[slot] = key;
        payloads[slot] = payload;
    }

    private void growLane() {
        int n = laneTimes.length;
        long[] newTimes = new long[n * 2];
        long[] newKeys = new long[n * 2];
        int[] newPayloads = new int[n * 2];
        for (int i = 0; i < laneSize; i++) {
            int from = (laneHead + i) & (n - 1);
            newTimes[i] = laneTimes[from];
            newKeys[i] = laneKeys[from];
            newPayloads[i] = lanePayloads[from];
        }
        laneTimes = newTimes;
        laneKeys = newKeys;
        lanePayloads = newPayloads;
        laneHead = 0;
    }

    private void grow() {
        int n = times.length * 2;
        times = Arrays.copyOf(times, n);
        keys = Arrays.copyOf(keys, n);
        payloads = Arrays.copyOf(payloads, n);
    }
}
