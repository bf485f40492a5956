package io.tailguard.limit;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Thread-safe, lock-free enforcer of a fixed concurrency limit of at most {@link #MAX_SLOTS}, in
 * which the permits are the capacity: there is one permit per unit of the limit, and a request
 * holds one by owning its bit. Acquire is one CAS that sets a free bit, release one atomic AND that
 * clears it; no in-flight counter is shared by every request, and threads start their search in
 * different words, so two threads rarely touch the same cache line.
 *
 * <p>Layout: the slots are one {@code long[] cells}, {@code n = ceil(limit / 64)} words, each word
 * alone on a 128-byte stretch (a cache line and its prefetch pair):
 * <pre>
 * index      0 .. 23 | 24     | 25 .. 39 | 40     | ... | 16(w+1)+8 | ... | 16n+9 .. 16n+31
 * content    padding | word 0 | padding  | word 1 | ... | word w    | ... | padding
 * </pre>
 * and the full marks are one {@code long} field, {@code full}, beside the read-only fields that
 * every acquire reads too. Bit {@code b} of word {@code w} set: slot {@code 64w + b} is taken. Only the lowest
 * {@code limit - 64w} bits of the last word are used. Bit {@code w} of {@code full} set: word
 * {@code w} was seen with every slot taken. {@code full} is a hint that lets a rejection read one
 * field. It may say "not full" of a full word (the claimer then marks it and moves on), and it
 * never stays "full" for a word with a free slot: whoever marks a word full reads the word again
 * after marking and unmarks it if a slot came free, and whoever frees a slot of a full word
 * unmarks it after freeing. So a rejection can only come from a moment when every slot was taken,
 * and the limit is never exceeded, since there are only {@code limit} slots.
 */
final class SlotGate {

    /** The largest limit: 64 words of 64 slots, so that {@code full} is one word. */
    static final int MAX_SLOTS = 64 * 64;

    private static final VarHandle CELLS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle FULL;

    static {
        try {
            FULL = MethodHandles.lookup().findVarHandle(SlotGate.class, "full", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static final int STRIDE = 16;
    private static final int OFFSET = 8;

    private final long[] cells;
    private final int words;
    private final long allWords;
    private final long lastWordMask;
    private final SlotPermit[] permits;
    /** Bit w set: word w was seen full. Read by every acquire, written only when a word fills or empties. */
    private volatile long full;

    /** Creates a gate of {@code limit} slots, 1 to {@link #MAX_SLOTS}, and all their permits. */
    SlotGate(int limit) {
        if (limit < 1 || limit > MAX_SLOTS) {
            throw new IllegalArgumentException("limit must be in [1, " + MAX_SLOTS + "] but was " + limit);
        }
        this.words = (limit + 63) >>> 6;
        this.cells = new long[STRIDE * (words + 2)]; // and 128 bytes after the last word
        this.allWords = words == 64 ? -1L : (1L << words) - 1;
        int lastBits = limit - ((words - 1) << 6);
        this.lastWordMask = lastBits == 64 ? -1L : (1L << lastBits) - 1;
        this.permits = new SlotPermit[limit];
        for (int slot = 0; slot < limit; slot++) {
            permits[slot] = new SlotPermit(this, slot >>> 6, 1L << (slot & 63));
        }
    }

    /**
     * Takes a free slot and returns its permit, or null if every slot is taken. The search starts
     * at a word picked by hashing the calling thread, and goes round the words from there.
     */
    SlotPermit tryAcquire() {
        long open = allWords & ~full;
        if (open == 0) {
            return null; // a rejection reads one field
        }
        int start = words == 1 ? 0 : (int) ((((Thread.currentThread().getId() * GOLDEN) >>> 32) * words) >>> 32);
        while (true) {
            int word = (start + Long.numberOfTrailingZeros(Long.rotateRight(open, start))) & 63;
            SlotPermit permit = claimIn(word);
            if (permit != null) {
                return permit;
            }
            open = allWords & ~full;
            if (open == 0) {
                return null;
            }
        }
    }

    /** Takes a free slot of {@code word}; marks the word full and returns null if it has none. */
    private SlotPermit claimIn(int word) {
        int index = cell(word);
        long mask = mask(word);
        long bits = (long) CELLS.getVolatile(cells, index);
        while (true) {
            long free = mask & ~bits;
            if (free == 0) {
                markFull(word);
                return null;
            }
            long bit = free & -free;
            long seen = (long) CELLS.compareAndExchange(cells, index, bits, bits | bit);
            if (seen == bits) {
                if ((bits | bit) == mask) {
                    markFull(word);
                }
                return permits[(word << 6) + Long.numberOfTrailingZeros(bit)];
            }
            bits = seen;
        }
    }

    /** Marks {@code word} full, then unmarks it if a slot came free meanwhile. */
    private void markFull(int word) {
        long flag = 1L << word;
        FULL.getAndBitwiseOr(this, flag);
        if ((long) CELLS.getVolatile(cells, cell(word)) != mask(word)) {
            FULL.getAndBitwiseAnd(this, ~flag);
        }
    }

    /** Frees the slot {@code bit} of {@code word}; returns false if it was already free. */
    boolean release(int word, long bit) {
        long before = (long) CELLS.getAndBitwiseAnd(cells, cell(word), ~bit);
        if ((before & bit) == 0) {
            return false;
        }
        long flag = 1L << word;
        if (before == mask(word) && (full & flag) != 0) {
            FULL.getAndBitwiseAnd(this, ~flag);
        }
        return true;
    }

    /** Returns the number of slots taken (a sum over the words, not one atomic snapshot). */
    int inFlight() {
        int taken = 0;
        for (int word = 0; word < words; word++) {
            taken += Long.bitCount((long) CELLS.getVolatile(cells, cell(word)));
        }
        return taken;
    }

    /** Returns the number of slots, which is the limit. */
    int limit() {
        return permits.length;
    }

    /** Returns the number of words: 64 slots each, the last one possibly partly used. */
    int words() {
        return words;
    }

    private static int cell(int word) {
        return STRIDE * (word + 1) + OFFSET;
    }

    private long mask(int word) {
        return word == words - 1 ? lastWordMask : -1L;
    }
}
