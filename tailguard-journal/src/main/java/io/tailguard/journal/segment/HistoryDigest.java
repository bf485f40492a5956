package io.tailguard.journal.segment;

/**
 * Thread-safe (stateless): the running digest of a journal's history, a 64-bit fold of every
 * record's CRC32C ({@link FrameCodec#crc}, the checksum without the journal's mask) from sequence 1
 * on. Two journals hold the same records 1..N exactly when (but for a collision, about one in
 * 2<sup>64</sup> for unrelated histories) their digests after N are equal, whatever their last
 * records: each step is a bijection of the digest before it, so histories that differed once keep
 * differing, however many equal records follow.
 *
 * <p>Each segment header carries the digest of the records before it
 * ({@link SegmentLayout#digestBeforeOf}), so the digest after any record is one header read and a
 * fold over at most one segment: replication's handshake costs O(segments), not O(records).
 */
public final class HistoryDigest {

    /** The digest of the empty history (no record yet). */
    public static final long EMPTY = 0;

    private HistoryDigest() {
    }

    /** Returns the digest after a record whose CRC32C is {@code recordCrc} follows a history of digest {@code digest}. */
    public static long fold(long digest, int recordCrc) {
        long x = (digest ^ (recordCrc & 0xFFFF_FFFFL)) * 0x9E3779B97F4A7C15L;
        x ^= x >>> 29;
        x *= 0xBF58476D1CE4E5B9L;
        return x ^ (x >>> 32);
    }
}
