package io.tailguard.cli.journal;

import io.tailguard.cli.UsageException;
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
            "Check every segment header and every record's length, CRC32C and sequence, read-only.",
            "Prints one line with records=<N> and last_seq=<S>; exits 0 when consistent, 1 with the first",
            "bad position (file@byte and reason) otherwise. Bytes after the last record that were never",
            "published (a write cut short by a crash) are counted as unpublished_tail_bytes, not an error.",
            ""
        },
        footer = {"", "Example:", "  tailguard journal verify --dir /data/journal"})
public final class JournalVerifyCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--dir", required = true, paramLabel = "PATH", description = "The journal directory.")
    Path dir;

    @Override
    public Integer call() {
        if (!Files.isDirectory(dir) || SegmentScanner.bases(dir).isEmpty()) {
            throw new UsageException("--dir value '" + dir + "' is not allowed: it must be a directory holding "
                    + "journal segment files (*.tgj)");
        }
        ScanReport report = SegmentScanner.verify(dir);
        spec.commandLine().getOut().println(report.summary());
        return report.consistent() ? 0 : 1;
    }
}
