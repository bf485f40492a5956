package io.tailguard.limit;

import io.tailguard.config.VarHandles;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Thread-safe, lock-free enforcer of a fixed concurrency limit of at most {@link #MAX_SLOTS}, in
 * which the permits are the capacity: there is one permit per unit of the limit, and a request
 * holds one by owning its bit. Acquire is one CAS that clears a free bit, release one atomic OR that
 * sets it again; no in-flight counter is shared by every request, and threads start their search in
 * different words, so two threads rarely touch the same cache line.
 *
 * <p>Words hold free slots: bit {@code b} of word {@code w} set means slot {@code 64w + b} is free,
 * so a word with no free slot is 0, and a full one-word gate refuses on one comparison with zero
 * (a larger gate reads its marks and then every word). Bits past the limit in the last word are
 * never set.
 *
 * <p>Layout: a gate of at most 64 slots keeps its one word in a field, {@code free0}, beside the
 * fields every acquire reads. Larger gates keep {@code free0} at -1, which is never 0, so the
 * first test of an acquire sends them past the one-word path, and keep their
 * {@code n = ceil(limit / 64)} words in one {@code long[] cells}, each word alone on a 128-byte
 * stretch (a cache line and its prefetch pair):
 * <pre>
 * index      0 .. 23 | 24     | 25 .. 39 | 40     | ... | 16(w+1)+8 | ... | 16n+9 .. 16n+31
 * content    padding | word 0 | padding  | word 1 | ... | word w    | ... | padding
 * </pre>
 * and the full marks are one {@code long} field, {@code full}, beside the read-only fields that
 * every acquire reads too. Bit {@code w} of {@code full} set: word {@code w} was seen with every
 * slot taken. {@code full} is a hint that steers the search past full words. It may say "not
 * full" of a full word (the claimer then marks it and moves on). It can say "full" of a word with
 * a free slot only for a moment: a release between a claimer's CAS that empties the word and its
 * marking does not see the mark to clear, but the claimer reads the word again after marking and
 * unmarks it (and whoever frees a slot of a marked full word unmarks it). A thread preempted in
 * that moment would stretch it, so a rejection is never taken from the hint alone: it first reads
 * every word ({@link #claimUnmarked}), so a slot freed before the request began is always found.
 * A one-word gate keeps no marks and decides on its word. The limit is never exceeded, since there
 * are only {@code limit} slots. A gate must be published safely (the limiter holds it in a final
 * field), since a {@code free0} of 0 would read as a full gate.
 */
final class SlotGate {

    /** The largest limit: 64 words of 64 slots, so that {@code full} is one word. */
    static final int MAX_SLOTS = 64 * 64;

    private static final VarHandle CELLS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle FULL = VarHandles.field(MethodHandles.lookup(), SlotGate.class, "full", long.class);
    private static final VarHandle FREE0 =
            VarHandles.field(MethodHandles.lookup(), SlotGate.class, "free0", long.class);

    private static final long GOLDEN = 0x9E3779B97F4A7C15L;
    private static final int STRIDE = 16;
    private static final int OFFSET = 8;

    private final long[] cells;
    private final int words;
    private final long allWords;
    private final SlotPermit[] permits;
    /** Bit w set: word w was seen full. Read by every acquire; written when a word loses its last free slot, or a slot of a marked word is freed. */
    private volatile long full;
    /** The free slots of a gate of at most 64 slots; -1 (never 0) in a larger gate. */
    private volatile long free0;

    /** Creates a gate of {@code limit} slots, 1 to {@link #MAX_SLOTS}, all free, and their permits. */
    SlotGate(int limit) {
        if (limit < 1 || limit > MAX_SLOTS) {
            throw new IllegalArgumentException("limit must be in [1, " + MAX_SLOTS + "] but was " + limit);
        }
        this.words = (limit + 63) >>> 6;
        this.allWords = words == 64 ? -1L : (1L << words) - 1;
        int lastBits = limit - ((words - 1) << 6);
        long lastWord = lastBits == 64 ? -1L : (1L << lastBits) - 1;
        if (words == 1) {
            this.cells = new long[0];
            this.free0 = lastWord;
        } else {
            this.cells = new long[STRIDE * (words + 2)]; // and 128 bytes after the last
            for (int word = 0; word < words; word++) {
                cells[cell(word)] = word == words - 1 ? lastWord : -1L;
            }
            this.free0 = -1L;
        }
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
        long free = free0;
        if (free == 0) {
            return null; // a one-word gate with every slot taken: one load, one comparison
        }
        if (words == 1) {
            return claimOnly(free);
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

    /** Takes a free slot of the only word, {@code free} its last value read; null if none is left. */
    private SlotPermit claimOnly(long free) {
        while (free != 0) {
            long bit = free & -free;
            long seen = (long) FREE0.compareAndExchange(this, free, free ^ bit);
            if (seen == free) {
                return permits[Long.numberOfTrailingZeros(bit)];
            }
            free = seen;
        }
        return null;
    }

    /**
     * Every word is marked full: reads the words themselves and claims from one that is not, or
     * refuses. A rejection is never taken from the marks alone, because a mark can be stale for a
     * moment (see the class comment); so a slot freed before a request began is always found.
     */
    private SlotPermit claimUnmarked() {
        for (int word = 0; word < words; word++) {
            if (word(word) != 0) {
                SlotPermit permit = claimIn(word);
                if (permit != null) {
                    return permit;
                }
            }
        }
        return null;
    }

    /** Takes a free slot of {@code word} of a larger gate; returns null if it has none, and then marks it full. */
    private SlotPermit claimIn(int word) {
        int cell = cell(word);
        long free = (long) CELLS.getVolatile(cells, cell);
        while (true) {
            if (free == 0) {
                markFull(word);
                return null;
            }
            long bit = free & -free;
            long seen = (long) CELLS.compareAndExchange(cells, cell, free, free ^ bit);
            if (seen == free) {
                if (free == bit) {
                    markFull(word);
                }
                return permits[(word << 6) + Long.numberOfTrailingZeros(bit)];
            }
            free = seen;
        }
    }

    /** Marks {@code word} full, then unmarks it if a slot came free meanwhile. */
    private void markFull(int word) {
        long flag = 1L << word;
        FULL.getAndBitwiseOr(this, flag);
        if (word(word) != 0) {
            FULL.getAndBitwiseAnd(this, ~flag);
        }
    }

    /** Frees the slot {@code bit} of {@code word}; returns false if it was already free. */
    boolean release(int word, long bit) {
        if (words == 1) {
            return ((long) FREE0.getAndBitwiseOr(this, bit) & bit) == 0;
        }
        long before = (long) CELLS.getAndBitwiseOr(cells, cell(word), bit);
        if ((before & bit) != 0) {
            return false;
        }
        long flag = 1L << word;
        if (before == 0 && (full & flag) != 0) {
            FULL.getAndBitwiseAnd(this, ~flag);
        }
        return true;
    }

    /** Returns the number of slots taken (a sum over the words, not one atomic snapshot). */
    int inFlight() {
        int free = 0;
        for (int word = 0; word < words; word++) {
            free += Long.bitCount(word(word));
        }
        return permits.length - free;
    }

    /** Returns the number of slots, which is the limit. */
    int limit() {
        return permits.length;
    }

    /** Returns the full marks (bit w set: word w was seen full), for tests. */
    long fullMarks() {
        return full;
    }

    /** Returns the number of words: 64 slots each, the last one possibly partly used. */
    int words() {
        return words;
    }

    private long word(int word) {
        return words == 1 ? free0 : (long) CELLS.getVolatile(cells, cell(word));
    }

    private static int cell(int word) {
        return STRIDE * (word + 1) + OFFSET;
    }
}
