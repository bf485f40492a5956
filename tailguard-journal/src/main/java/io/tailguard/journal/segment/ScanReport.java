package io.tailguard.journal.segment;

import java.nio.file.Path;
import java.util.List;

/**
 * Thread-safe (immutable): what a scan of a journal directory found, and what recovery cut.
 *
 * @param segments segment files scanned
 * @param records valid records found
 * @param firstSequence sequence of the first record, or 0 when empty
 * @param lastSequence sequence of the last valid record, or 0 when empty
 * @param consistent true when every published frame is intact and in sequence
 * @param problem the first problem found (reason), or null
 * @param problemFile the file of the first problem, or null
 * @param problemPosition byte offset of the first problem in its file, or -1
 * @param cutBytes bytes zeroed past the last valid record (0 for a read-only scan)
 * @param unpublishedBytes non-zero bytes past the last published frame (a write cut short by a crash)
 * @param removedFiles segment files removed by recovery (torn header or empty after the cut)
 */
public record ScanReport(
        int segments,
        long records,
        long firstSequence,
        long lastSequence,
        boolean consistent,
        String problem,
        Path problemFile,
        long problemPosition,
        long cutBytes,
        long unpublishedBytes,
        List<Path> removedFiles) {

    /** Compact form of this report: validates and copies the list. */
    public ScanReport {
        removedFiles = List.copyOf(removedFiles);
    }

    /** Returns true when recovery changed the files (cut bytes or removed segments). */
    public boolean repaired() {
        return cutBytes > 0 || !removedFiles.isEmpty();
    }

    /** Returns one line: {@code records=N last_seq=S segments=K ...} plus the problem if any. */
    public String summary() {
        StringBuilder sb = new StringBuilder()
                .append(consistent ? "ok" : "CORRUPT")
                .append(" records=").append(records)
                .append(" first_seq=").append(firstSequence)
                .append(" last_seq=").append(lastSequence)
                .append(" segments=").append(segments)
                .append(" unpublished_tail_bytes=").append(unpublishedBytes);
        if (cutBytes > 0) {
            sb.append(" cut_bytes=").append(cutBytes);
        }
        if (!removedFiles.isEmpty()) {
            sb.append(" removed_segments=").append(removedFiles.size());
        }
        if (problem != null) {
            sb.append(" first_bad=").append(problemFile == null ? "?" : problemFile.getFileName())
                    .append('@').append(problemPosition).append(" reason=\"").append(problem).append('"');
        }
        return sb.toString();
    }
}
