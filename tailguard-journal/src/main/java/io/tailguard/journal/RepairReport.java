package io.tailguard.journal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Thread-safe (immutable): what {@link JournalRepair#truncateAfter} did.
 *
 * @param keptThrough the last record kept (records 1..keptThrough are unchanged)
 * @param backupDirectory where everything cut was put ({@code <dir>/repair-<time>/})
 * @param cutFile the segment cut inside (its original copy is in the backup), or null when none was cut inside
 * @param cutFrom byte offset in {@code cutFile} from which the bytes were zeroed, or -1
 * @param zeroedBytes non-zero bytes zeroed in {@code cutFile}
 * @param trimmedBytes bytes past {@code cutFile}'s declared size that were removed
 * @param extendedBytes zeros added to {@code cutFile}, shorter than its declared size, to reach that size
 * @param trimmedFiles earlier kept segments whose bytes past their declared size were removed (originals copied
 *     to the backup under the same name)
 * @param movedFiles files moved whole into the backup (their names in the backup are the same)
 */
public record RepairReport(long keptThrough, Path backupDirectory, Path cutFile, long cutFrom, long zeroedBytes,
                           long trimmedBytes, long extendedBytes, List<Path> trimmedFiles, List<Path> movedFiles) {

    /** Copies the lists. */
    public RepairReport {
        trimmedFiles = List.copyOf(trimmedFiles);
        movedFiles = List.copyOf(movedFiles);
    }

    /** Returns the lines an operator reads: what was kept, cut and moved, and where the originals are. */
    public List<String> describe() {
        List<String> lines = new ArrayList<>();
        lines.add("kept records 1.." + keptThrough);
        if (cutFile != null) {
            lines.add("cut " + cutFile + " from byte " + cutFrom + ": zeroed " + zeroedBytes + " non-zero bytes"
                    + (trimmedBytes > 0 ? ", removed " + trimmedBytes + " bytes past its size" : "")
                    + (extendedBytes > 0 ? ", extended it with " + extendedBytes + " zero bytes to its size" : "")
                    + " (original copied to " + backupDirectory.resolve(cutFile.getFileName()) + ")");
        }
        for (Path f : trimmedFiles) {
            lines.add("removed the bytes appended to " + f + " past its segment size (original copied to "
                    + backupDirectory.resolve(f.getFileName()) + ")");
        }
        for (Path f : movedFiles) {
            lines.add("moved " + f + " to " + backupDirectory.resolve(f.getFileName()));
        }
        if (cutFile == null && trimmedFiles.isEmpty() && movedFiles.isEmpty()) {
            lines.add("nothing after record " + keptThrough + " to cut");
        }
        return lines;
    }
}
