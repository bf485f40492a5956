package io.tailguard.queue;

/**
 * Not thread-safe by itself: the ring of a bounded line of waiting items, each with one time (when
 * it was queued, or when it is due out), in two preallocated arrays, so adding and removing
 * allocate nothing. The lines built on it guard every change with {@link #lock}; {@link #size()}
 * and {@link #capacity()} read without it.
 *
 * @param <T> the item type
 */
abstract class TimedRing<T> {

    final Object lock = new Object();
    final Object[] items;
    final long[] timesNanos;
    final int capacity;
    int head;
    volatile int size;

    TimedRing(int capacity) {
        this.capacity = capacity;
        this.items = new Object[capacity];
        this.timesNanos = new long[capacity];
    }

    /** Returns the number of waiting items (a volatile read, no lock). */
    public int size() {
        return size;
    }

    /** Returns true if no item is waiting. */
    public boolean isEmpty() {
        return size == 0;
    }

    /** Returns the most items that can wait at once. */
    public int capacity() {
        return capacity;
    }

    /** Adds {@code item} with its time after the newest; the caller has checked there is room. */
    final void addLast(T item, long timeNanos) {
        int tail = index(size);
        items[tail] = item;
        timesNanos[tail] = timeNanos;
        size = size + 1;
    }

    /** Removes the item at the head (oldest) or at the tail (newest) slot. */
    @SuppressWarnings("unchecked")
    final T remove(int slot, boolean tail) {
        T item = (T) items[slot];
        items[slot] = null;
        if (!tail) {
            head = head + 1 == capacity ? 0 : head + 1;
        }
        size = size - 1;
        return item;
    }

    /** The slot {@code offset} places after the head. */
    final int index(int offset) {
        int slot = head + offset;
        return slot >= capacity ? slot - capacity : slot;
    }
}
