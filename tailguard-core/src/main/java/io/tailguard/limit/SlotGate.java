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
 * <p>Layout: a gate of at most 64 slots keeps its one word in a field, {@code word0}, beside the
 * fields every acquire reads. Larger gates keep their {@code n = ceil(limit / 64)} words in one
 * {@code long[] cells}, each word alone on a 128-byte stretch (a cache line and its prefetch pair):
 * <pre>
 * index      0 .. 23 | 24     | 25 .. 39 | 40     | ... | 16(w+1)+8 | ... | 16n+9 .. 16n+31
 * content    padding | word 0 | padding  | word 1 | ... | word w    | ... | padding
 * </pre>
 * and the full marks are one {@code long} field, {@code full}, beside the read-only fields that
 * every acquire reads too. Bit {@code b} of word {@code w} set: slot {@code 64w + b} is taken. Only the lowest
 * {@code limit - 64w} bits of the last word are used. Bit {@code w} of {@code full} set: word
 * {@code w} was seen with every slot taken. {@code full} is a hint that steers the search past full
 * words. It may say "not full" of a full word (the claimer then marks it and moves on). It can
 * say "full" of a word with a free slot only for a moment: a release between a claimer's CAS that
 * fills the word and its marking does not see the mark to clear, but the claimer reads the word
 * again after marking and unmarks it (and whoever frees a slot of a marked full word unmarks it).
 * A thread preempted in that moment would stretch it, so a rejection is never taken from the hint
 * alone: it first reads every word ({@link #claimUnmarked}), so a slot freed before the request
 * began is always found. A one-word gate keeps no marks and decides on its word. The limit is
 * never exceeded, since there are only {@code limit} slots.
 */
final class SlotGate {

    /** The largest limit: 64 words of 64 slots, so that {@code full} is one word. */
    static final int MAX_SLOTS = 64 * 64;

    private static final VarHandle CELLS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle FULL;
    private static final VarHandle WORD0;

    static {
        try {
            FULL = MethodHandles.lookup().findVarHandle(SlotGate.class, "full", long.class);
            WORD0 = MethodHandles.lookup().findVarHandle(SlotGate.class, "word0", long.class);
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
    /** The only word of a gate of at most 64 slots, which keeps it here rather than in {@code cells}. */
    private volatile long word0;

    /** Creates a gate of {@code limit} slots, 1 to {@link #MAX_SLOTS}, and all their permits. */
    SlotGate(int limit) {
        if (limit < 1 || limit > MAX_SLOTS) {
            throw new IllegalArgumentException("limit must be in [1, " + MAX_SLOTS + "] but was " + limit);
        }
        this.words = (limit + 63) >>> 6;
        this.cells = words == 1 ? new long[0] : new long[STRIDE * (words + 2)]; // and 128 bytes after the last
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
        if (words == 1) {
            // one word: read it, not a mark, and keep no marks (claimIn refuses if it is full)
            return word0 == lastWordMask ? null : claimIn(0);
        }
        int start = (int) ((((Thread.currentThread().getId() * GOLDEN) >>> 32) * words) >>> 32);
        long open = allWords & ~full;
        while (open != 0) {
            int word = (start + Long.numberOfTrailingZeros(Long.rotateRight(open, start))) & 63;
            SlotPermit permit = claimIn(word);
            if (permit != null) {
                return permit;
            }
            open = allWords & ~full;
        }
        return claimUnmarked();
    }

    /**
     * Every word is marked full: reads the words themselves and claims from one that is not, or
     * refuses. A rejection is never taken from the marks alone, because a mark can be stale for a
     * moment (see the class comment); so a slot freed before a request began is always found.
     */
    private SlotPermit claimUnmarked() {
        for (int word = 0; word < words; word++) {
            if (word(word) != mask(word)) {
                SlotPermit permit = claimIn(word);
                if (permit != null) {
                    return permit;
                }
            }
        }
        return null;
    }

    /** Takes a free slot of {@code word}; returns null if it has none, and then marks it full (several words). */
    private SlotPermit claimIn(int word) {
        long mask = mask(word);
        long bits = word(word);
        while (true) {
            long free = mask & ~bits;
            if (free == 0) {
                if (words > 1) {
                    markFull(word);
                }
                return null;
            }
            long bit = free & -free;
            long seen = compareAndExchange(word, bits, bits | bit);
            if (seen == bits) {
                if ((bits | bit) == mask && words > 1) {
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
        if (word(word) != mask(word)) {
            FULL.getAndBitwiseAnd(this, ~flag);
        }
    }

    /** Frees the slot {@code bit} of {@code word}; returns false if it was already free. */
    boolean release(int word, long bit) {
        long before = words == 1
                ? (long) WORD0.getAndBitwiseAnd(this, ~bit)
                : (long) CELLS.getAndBitwiseAnd(cells, cell(word), ~bit);
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
            taken += Long.bitCount(word(word));
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

    private long word(int word) {
        return words == 1 ? word0 : (long) CELLS.getVolatile(cells, cell(word));
    }

    private long compareAndExchange(int word, long expected, long update) {
        return words == 1
                ? (long) WORD0.compareAndExchange(this, expected, update)
                : (long) CELLS.compareAndExchange(cells, cell(word), expected, update);
    }

    private static int cell(int word) {
        return STRIDE * (word + 1) + OFFSET;
    }

    private long mask(int word) {
        return word == words - 1 ? lastWordMask : -1L;
    }
}
