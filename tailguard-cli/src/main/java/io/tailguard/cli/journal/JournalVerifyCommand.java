package io.tailguard.cli.journal;

import io.tailguard.cli.UsageException;
import io.tailguard.journal.IdFile;
import io.tailguard.journal.segment.ScanReport;
import io.tailguard.journal.segment.SegmentScanner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** Not thread-safe (one command run): {@code tailguard journal verify} checks every record of a journal without changing it. */
@Command(
        name = "verify",
        mixinStandardHelpOptions = true,
        description = {
            "Check every record of a journal, read-only, and say what opening it would do.",
            "",
            "Checks each segment header and size, each record's length, CRC32C and",
            "sequence, and that no segment is missing. Prints one line starting with:",
            "  ok         consistent; exit 0. unpublished_tail_bytes counts a write a",
            "             crash cut short before it was published (open zeroes them).",
            "  TORN_TAIL  the last record is torn and nothing intact follows; open cuts",
            "             cut_bytes after last_seq; exit 1.",
            "  CORRUPT    damage with records (or data) after it; open refuses and",
            "             changes nothing (open=refuses); exit 1. first_bad=FILE@BYTE and",
            "             reason say where; 'journal repair' is the operator's cut.",
            "The same scan decides what Journal.open does.",
            ""
        },
        footer = {"", "Example:", "  tailguard journal verify --dir /data/journal",
            "  ok records=1500 first_seq=1 last_seq=1500 segments=4 unpublished_tail_bytes=0"})
public final class JournalVerifyCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--dir", required = true, paramLabel = "PATH", description = "The journal directory.")
    Path dir;

    @Override
    public Integer call() {
        requireJournal(dir);
        ScanReport report = withIdentity(SegmentScanner.verify(dir), dir.resolve(IdFile.JOURNAL_ID));
        spec.commandLine().getOut().println(report.summary());
        return report.consistent() ? 0 : 1;
    }

    /**
     * Open refuses a damaged identity file before it scans a segment, so verify says so too
     * (CORRUPT, first_bad=journal.id@0, open=refuses), keeping the scan's counts.
     */
    private static ScanReport withIdentity(ScanReport r, Path idFile) {
        try {
            IdFile.read(idFile);
            return r;
        } catch (IllegalStateException e) {
            return new ScanReport(r.segments(), r.records(), r.firstSequence(), r.lastSequence(), false, true,
                    e.getMessage(), idFile, 0, 0, r.unpublishedBytes());
        }
    }

    /** Refuses (exit 2) a {@code --dir} that holds no segment file. */
    static void requireJournal(Path dir) {
        if (!Files.isDirectory(dir) || SegmentScanner.bases(dir).isEmpty()) {
            throw new UsageException("--dir value '" + dir + "' is not allowed: it must be a directory holding "
                    + "journal segment files (*.tgj)");
        }
    }
}
