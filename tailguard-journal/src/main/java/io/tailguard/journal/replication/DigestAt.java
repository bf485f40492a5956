package io.tailguard.journal.replication;

import io.tailguard.journal.segment.Damage;
import io.tailguard.journal.segment.FrameStatus;
import io.tailguard.journal.segment.HistoryDigest;
import io.tailguard.journal.segment.Segment;
import io.tailguard.journal.segment.SegmentFiles;
import io.tailguard.journal.segment.SegmentLayout;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

/**
 * Thread-safe (stateless): reads a journal directory's history digest after a record
 * ({@link HistoryDigest}), for replication's handshake. The segment holding the record gives the
 * digest of every record before it in its header, so this reads one header and folds at most one
 * segment's records; a segment of the previous format has no digest, so for one of those it folds
 * from the first record on. Read-only, safe beside the journal's writer.
 */
public final class DigestAt {

    private DigestAt() {
    }

    /** Returns the digest after record {@code sequence} of the journal in {@code dir}, or empty when it cannot read that far. */
    public static OptionalLong after(Path dir, long sequence) {
        if (sequence <= 0) {
            return OptionalLong.of(HistoryDigest.EMPTY);
        }
        List<Long> bases = SegmentFiles.of(dir).bases();
        long base = -1;
        for (long b : bases) {
            if (b <= sequence) {
                base = b;
            }
        }
        if (base < 1) {
            return OptionalLong.empty();
        }
        Damage[] why = new Damage[1];
        Segment holder = Segment.open(SegmentFiles.file(dir, base), base, false, why);
        if (holder == null) {
            return OptionalLong.empty();
        }
        long from = 1;
        long digest = HistoryDigest.EMPTY;
        if (holder.identity() != null) {
            from = base;
            digest = holder.digestBefore();
        }
        holder.close();
        long expected = from;
        while (true) {
            Segment s = Segment.open(SegmentFiles.file(dir, expected), expected, false, why);
            if (s == null) {
                return OptionalLong.empty();
            }
            try (s) {
                int pos = SegmentLayout.HEADER_LENGTH;
                while (expected <= sequence) {
                    FrameStatus st = s.check(pos, expected);
                    if (st == FrameStatus.ROLL) {
                        break;
                    }
                    if (st != FrameStatus.OK) {
                        return OptionalLong.empty();
                    }
                    digest = HistoryDigest.fold(digest, s.recordCrcAt(pos));
                    pos = s.next(pos);
                    expected++;
                }
            }
            if (expected > sequence) {
                return OptionalLong.of(digest);
            }
        }
    }
}
