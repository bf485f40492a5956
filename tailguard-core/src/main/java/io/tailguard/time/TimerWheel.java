package io.tailguard.time;

import io.tailguard.config.Check;
import java.util.Arrays;

/**
 * Not thread-safe hashed timer wheel: timers with a deadline in nanoseconds, a handler each, and
 * {@link #poll} that fires every timer whose deadline has come. Time is an argument: the wheel
 * holds no clock, so under a {@link ManualClock} a timer fires at the first poll at or after its
 * deadline, never earlier and never a tick later.
 *
 * <p>Layout (the design of Agrona's {@code DeadlineTimerWheel}, with handlers): the wheel has
 * {@code ticksPerWheel} slots of {@code tickNanos} each; a timer lives in the slot of its deadline's
 * tick, at the first free place of that slot's row. Three parallel arrays hold the rows, each row
 * {@code rowCapacity} long, so a slot's timers sit next to each other:
 *
 * <pre>
 * place = slot * rowCapacity + index
 * deadlines[place]  the deadline in nanoseconds
 * handlers[place]   the handler, null when the place is free
 * ids[place]        the timer's id (below)
 * </pre>
 *
 * A timer id packs where the timer lives and a generation, so that cancelling a timer that has
 * already fired never cancels a later timer that took its place:
 *
 * <pre>
 * bits 63..40  generation (24 bits, never 0, wraps)
 * bits 39..20  index in the row
 * bits 19..0   slot
 * </pre>
 *
 * A slot number never reaches {@code ticksPerWheel}, so the slot bits above it are always 0 in an
 * id this wheel gives: a {@link WheelScheduler} of several wheels keeps there which wheel it is.
 *
 * A deadline more than one turn ahead stays in its slot and is skipped, by its deadline, on the
 * turns before (Netty's remaining rounds, without a counter). Rows double when a slot fills, which
 * is the only allocation: in the steady state scheduling and cancelling allocate nothing.
 */
public final class TimerWheel {

    /** Id that no timer ever has. */
    public static final long NO_TIMER = 0L;

    /** Bits of an id that hold its slot; the wheel uses those below {@code log2(ticksPerWheel)}. */
    static final int SLOT_BITS = 20;
    private static final int INDEX_BITS = 20;
    private static final long SLOT_MASK = (1L << SLOT_BITS) - 1;
    private static final long INDEX_MASK = (1L << INDEX_BITS) - 1;
    private static final long GENERATION_MASK = (1L << (64 - SLOT_BITS - INDEX_BITS)) - 1;
    private static final int MAX_ROW = 1 << INDEX_BITS;
    private static final Sink FIRE = (timerId, handler) -> handler.onTimer(timerId);

    /** Not thread-safe: receives the timers a {@link #poll(long, Sink)} found due. */
    @FunctionalInterface
    public interface Sink {

        /** Timer {@code timerId}, scheduled with {@code handler}, is due and left the wheel. */
        void due(long timerId, TimerHandler handler);
    }

    private final long startNanos;
    private final int tickShift;
    private final int slotMask;
    private int rowCapacity;
    private long[] deadlines;
    private TimerHandler[] handlers;
    private long[] ids;
    private long currentTick;
    private long generation;
    private int count;
    private boolean polling;
    private long pollNowNanos;
    private boolean scheduledBehindScan;
    // The wheels of a WheelScheduler's stripes are small objects that a copying collector packs side
    // by side, and each stripe's thread writes its wheel's header (the lock) and counters at every
    // timer: 128 bytes nobody reads end each wheel, so a neighbour's writes stay off its cache lines.
    // References, because the JVM lays out reference fields after every primitive one.
    @SuppressWarnings("unused")
    private Object pad00, pad01, pad02, pad03, pad04, pad05, pad06, pad07, pad08, pad09, pad10, pad11, pad12,
            pad13, pad14, pad15, pad16, pad17, pad18, pad19, pad20, pad21, pad22, pad23, pad24, pad25, pad26,
            pad27, pad28, pad29, pad30, pad31;

    /**
     * Creates an empty wheel whose tick 0 begins at {@code startNanos}.
     *
     * @param tickNanos the width of a slot, a power of two
     * @param ticksPerWheel the number of slots, a power of two up to 2^20
     * @param initialRowCapacity places per slot to begin with, a power of two
     */
    public TimerWheel(long startNanos, long tickNanos, int ticksPerWheel, int initialRowCapacity) {
        checkPowerOfTwo("tickNanos", tickNanos);
        checkPowerOfTwo("ticksPerWheel", ticksPerWheel);
        checkPowerOfTwo("initialRowCapacity", initialRowCapacity);
        Check.inRange("ticksPerWheel", ticksPerWheel, 1, 1L << SLOT_BITS);
        Check.inRange("initialRowCapacity", initialRowCapacity, 1, MAX_ROW);
        this.startNanos = startNanos;
        this.tickShift = Long.numberOfTrailingZeros(tickNanos);
        this.slotMask = ticksPerWheel - 1;
        this.rowCapacity = initialRowCapacity;
        this.deadlines = new long[ticksPerWheel * initialRowCapacity];
        this.handlers = new TimerHandler[ticksPerWheel * initialRowCapacity];
        this.ids = new long[ticksPerWheel * initialRowCapacity];
    }

    /**
     * Schedules {@code handler} for {@code deadlineNanos}; a deadline already past fires at the
     * next poll.
     *
     * @return the timer's id, never {@link #NO_TIMER}
     */
    public long schedule(long deadlineNanos, TimerHandler handler) {
        long tick = Math.max((deadlineNanos - startNanos) >> tickShift, currentTick);
        if (polling && deadlineNanos <= pollNowNanos) {
            tick = currentTick; // due in the running poll: put it where the scan is
        }
        int slot = (int) (tick & slotMask);
        int rowStart = slot * rowCapacity;
        int index = 0;
        while (index < rowCapacity && handlers[rowStart + index] != null) {
            index++;
        }
        if (index == rowCapacity) {
            grow();
            rowStart = slot * rowCapacity;
        }
        int place = rowStart + index;
        generation = (generation + 1) & GENERATION_MASK;
        if (generation == 0) {
            generation = 1;
        }
        long id = (generation << (SLOT_BITS + INDEX_BITS)) | ((long) index << SLOT_BITS) | slot;
        deadlines[place] = deadlineNanos;
        handlers[place] = handler;
        ids[place] = id;
        count++;
        if (polling && tick == currentTick) {
            scheduledBehindScan = true;
        }
        return id;
    }

    /**
     * Cancels timer {@code timerId}.
     *
     * @return true if the timer was pending and will not fire; false if it fired, was cancelled,
     *     or never existed
     */
    public boolean cancel(long timerId) {
        int slot = (int) (timerId & SLOT_MASK);
        int index = (int) ((timerId >>> SLOT_BITS) & INDEX_MASK);
        if (timerId == NO_TIMER || slot > slotMask || index >= rowCapacity) {
            return false;
        }
        int place = slot * rowCapacity + index;
        if (ids[place] != timerId || handlers[place] == null) {
            return false;
        }
        handlers[place] = null;
        ids[place] = NO_TIMER;
        count--;
        return true;
    }

    /**
     * Fires, in slot order, every timer whose deadline is at or before {@code nowNanos}, calling
     * its handler with its id. Handlers may schedule and cancel timers on this wheel; one scheduled
     * for a time already reached fires in this same poll.
     *
     * @return how many timers fired
     */
    public int poll(long nowNanos) {
        return poll(nowNanos, FIRE);
    }

    /**
     * Removes every timer whose deadline is at or before {@code nowNanos}, like {@link #poll(long)},
     * but hands each to {@code sink} instead of calling its handler, so that a caller holding a lock
     * can run the handlers after releasing it.
     *
     * @return how many timers were due
     */
    public int poll(long nowNanos, Sink sink) {
        long nowTick = (nowNanos - startNanos) >> tickShift;
        if (count == 0) {
            currentTick = Math.max(currentTick, nowTick);
            return 0;
        }
        int fired = 0;
        // a gap longer than a turn visits each slot once: the deadline test finds the due timers
        long lastTick = Math.min(nowTick, currentTick + slotMask);
        polling = true;
        pollNowNanos = nowNanos;
        try {
            while (true) {
                fired += scanSlot((int) (currentTick & slotMask), nowNanos, sink);
                if (currentTick >= lastTick || count == 0) {
                    break;
                }
                currentTick++;
            }
            currentTick = Math.max(currentTick, nowTick);
        } finally {
            polling = false;
        }
        return fired;
    }

    /** Returns how many timers are pending. */
    public int size() {
        return count;
    }

    /** Returns the deadline of pending timer {@code timerId}, or {@link Long#MIN_VALUE} if none. */
    public long deadlineOf(long timerId) {
        int slot = (int) (timerId & SLOT_MASK);
        int index = (int) ((timerId >>> SLOT_BITS) & INDEX_MASK);
        if (timerId == NO_TIMER || slot > slotMask || index >= rowCapacity) {
            return Long.MIN_VALUE;
        }
        int place = slot * rowCapacity + index;
        return ids[place] == timerId && handlers[place] != null ? deadlines[place] : Long.MIN_VALUE;
    }

    /**
     * Returns the earliest deadline among the pending timers, or {@link Long#MAX_VALUE} if none. It
     * reads every place of the wheel: for a poller about to sleep until then, not for every timer.
     */
    public long earliestDeadline() {
        long earliest = Long.MAX_VALUE;
        int seen = 0;
        for (int place = 0; place < handlers.length && seen < count; place++) {
            if (handlers[place] != null) {
                seen++;
                earliest = Math.min(earliest, deadlines[place]);
            }
        }
        return earliest;
    }

    private int scanSlot(int slot, long nowNanos, Sink sink) {
        int fired = 0;
        do {
            scheduledBehindScan = false;
            // rows may grow inside a handler: reread the layout on every step
            for (int index = 0; index < rowCapacity; index++) {
                int place = slot * rowCapacity + index;
                TimerHandler handler = handlers[place];
                if (handler != null && deadlines[place] <= nowNanos) {
                    long id = ids[place];
                    handlers[place] = null;
                    ids[place] = NO_TIMER;
                    count--;
                    fired++;
                    sink.due(id, handler);
                }
            }
        } while (scheduledBehindScan);
        return fired;
    }

    private void grow() {
        int newCapacity = rowCapacity * 2;
        if (newCapacity > MAX_ROW) {
            throw new IllegalStateException("timers per slot must be <= " + MAX_ROW + " but was " + newCapacity);
        }
        int slots = slotMask + 1;
        long[] newDeadlines = new long[slots * newCapacity];
        TimerHandler[] newHandlers = new TimerHandler[slots * newCapacity];
        long[] newIds = new long[slots * newCapacity];
        for (int slot = 0; slot < slots; slot++) {
            System.arraycopy(deadlines, slot * rowCapacity, newDeadlines, slot * newCapacity, rowCapacity);
            System.arraycopy(handlers, slot * rowCapacity, newHandlers, slot * newCapacity, rowCapacity);
            System.arraycopy(ids, slot * rowCapacity, newIds, slot * newCapacity, rowCapacity);
        }
        deadlines = newDeadlines;
        handlers = newHandlers;
        ids = newIds;
        rowCapacity = newCapacity;
    }

    private static void checkPowerOfTwo(String name, long value) {
        if (value <= 0 || Long.bitCount(value) != 1) {
            throw new IllegalArgumentException(name + " must be a power of two but was " + value);
        }
    }

    @Override
    public String toString() {
        return "TimerWheel[" + count + " pending, tick " + currentTick + ", " + (slotMask + 1) + " slots of "
                + (1L << tickShift) + "ns, rows of " + rowCapacity + "]";
    }
}
