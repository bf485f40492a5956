package io.tailguard.journal.segment;

import java.nio.file.Path;

/**
 * Thread-safe (immutable): what a scan of a journal directory found, and what opening it cuts or
 * why it refuses. {@code journal verify} and {@code Journal.open} get the same report from the same
 * scan ({@code Journal.verify}, the scan that open runs).
 *
 * @param segments segment files scanned
 * @param records intact records found, in sequence from the first
 * @param firstSequence sequence of the first record, or 0 when empty
 * @param lastSequence sequence of the last intact record, or 0 when empty
 * @param consistent true when every published frame is intact and in sequence and nothing is refused
 * @param refused true when opening refuses: records may follow the damage, so cutting could lose them
 * @param problem the first problem found (reason), or null
 * @param problemFile the file of the first problem (a missing file's expected name), or null
 * @param problemPosition byte offset of the first problem in its file, or -1
 * @param cutBytes bytes past the last intact record that opening zeroes (a torn tail; 0 when refused)
 * @param unpublishedBytes non-zero bytes past the last published frame (a write cut short by a crash)
 */
public record ScanReport(
        int segments,
        long records,
        long firstSequence,
        long lastSequence,
        boolean consistent,
        boolean refused,
        String problem,
        Path problemFile,
        long problemPosition,
        long cutBytes,
        long unpublishedBytes) {

    /** Returns true when opening changed (or will change) bytes: a cut torn tail. */
    public boolean repaired() {
        return cutBytes > 0;
    }

    /** Returns the first problem as file, offset and reason, or null when there is none. */
    public Damage damage() {
        return problem == null ? null : new Damage(problemFile, problemPosition, problem);
    }

    /**
     * Returns one line: {@code ok|TORN_TAIL|CORRUPT records=N first_seq=F last_seq=S segments=K
     * unpublished_tail_bytes=U} plus {@code cut_bytes}, the first problem and {@code open=refuses}
     * when they apply.
     */
    public String summary() {
        StringBuilder sb = new StringBuilder()
                .append(refused ? "CORRUPT" : consistent ? "ok" : "TORN_TAIL")
                .append(" records=").append(records)
                .append(" first_seq=").append(firstSequence)
                .append(" last_seq=").append(lastSequence)
                .append(" segments=").append(segments)
                .append(" unpublished_tail_bytes=").append(unpublishedBytes);
        if (cutBytes > 0) {
            sb.append(" cut_bytes=").append(cutBytes);
        }
        if (problem != null) {
            sb.append(" first_bad=").append(problemFile == null ? "?" : problemFile.getFileName())
                    .append('@').append(problemPosition).append(" reason=\"").append(problem).append('"');
        }
        if (refused) {
            sb.append(" open=refuses");
        }
        return sb.toString();
    }
}
