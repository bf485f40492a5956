package io.tailguard.journal;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Thread-safe (immutable): what {@link JournalRepair#truncateAfter} would do to a journal, from
 * {@link JournalRepair#plan}: nothing is changed to make it. {@code journal repair --dry-run}
 * prints it, and {@code journal repair} prints it before it acts.
 */
public final class RepairPlan {

    private final long keptThrough;
    private final JournalRepair.Cut cut;
    private final List<Path> moves;

    RepairPlan(long keptThrough, JournalRepair.Cut cut, List<Path> moves) {
        this.keptThrough = keptThrough;
        this.cut = cut;
        this.moves = List.copyOf(moves);
    }

    /** Returns the last record kept. */
    public long keptThrough() {
        return keptThrough;
    }

    /** Returns the segment the repair cuts inside after the last kept record, or null when it cuts inside none. */
    public Path cutFile() {
        return cut.file();
    }

    /** Returns the byte of {@link #cutFile()} from which it zeroes, or -1. */
    public long cutFrom() {
        return cut.file() == null ? -1 : cut.position();
    }

    /** Returns the files the repair moves whole into its backup directory, sorted. */
    public List<Path> moves() {
        return moves;
    }

    JournalRepair.Cut cut() {
        return cut;
    }

    /** Returns the lines an operator reads before anything is done. */
    public List<String> describe() {
        List<String> lines = new ArrayList<>();
        lines.add("would keep records 1.." + keptThrough);
        if (cut.file() != null) {
            lines.add("would copy " + cut.file() + " aside, then zero it from byte " + cut.position()
                    + " (whatever follows record " + keptThrough + ")" + (cut.fileSize() == cut.declaredSize() ? ""
                            : " and " + (cut.fileSize() < cut.declaredSize() ? "extend" : "trim") + " it from "
                                    + cut.fileSize() + " bytes to its segment size " + cut.declaredSize()));
        }
        for (Path f : moves) {
            lines.add("would move " + f + " aside");
        }
        if (cut.file() == null && moves.isEmpty()) {
            lines.add("nothing after record " + keptThrough + " to cut or move");
        }
        return lines;
    }
}
