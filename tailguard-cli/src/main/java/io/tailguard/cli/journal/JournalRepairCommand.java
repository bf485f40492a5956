package io.tailguard.cli.journal;

import io.tailguard.cli.UsageException;
import io.tailguard.journal.Journal;
import io.tailguard.journal.JournalRepair;
import io.tailguard.journal.RepairReport;
import io.tailguard.journal.segment.ScanReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** Not thread-safe (one command run): {@code tailguard journal repair} keeps records 1..N and moves the rest aside. */
@Command(
        name = "repair",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Keep records 1..SEQ of a journal that will not open, and move the rest aside.",
            "",
            "Opening never cuts a record that intact data follows; when 'journal verify'",
            "says CORRUPT ... open=refuses, decide what to keep and run this. Nothing is",
            "deleted: the segment cut inside is first copied, later segment files are",
            "moved whole, both into DIR/repair-<UTC time>/ with a REPAIR.txt. The journal",
            "must not be open (repair takes its lock). Prints what it did and the verify",
            "line of the result.",
            ""
        },
        footer = {"", "Example (verify printed last_seq=1429 ... open=refuses):",
            "  ./tailguard journal verify --dir /data/orders",
            "  ./tailguard journal repair --dir /data/orders --truncate-after 1429"})
public final class JournalRepairCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--dir", required = true, paramLabel = "PATH", description = "The journal directory.")
    Path dir;

    @Option(names = "--truncate-after", required = true, paramLabel = "SEQ",
            description = "Last record to keep (0 keeps none); at most verify's last_seq.")
    long truncateAfter;

    @Override
    public Integer call() {
        JournalVerifyCommand.requireJournal(dir);
        if (truncateAfter < 0) {
            throw new UsageException("--truncate-after value '" + truncateAfter + "' is not allowed: use 0 or a "
                    + "record sequence");
        }
        RepairReport report;
        try {
            report = JournalRepair.truncateAfter(dir, truncateAfter, Clock.systemUTC());
        } catch (IllegalArgumentException e) {
            throw new UsageException("--truncate-after value '" + truncateAfter + "' is not allowed: "
                    + e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        report.describe().forEach(out::println);
        ScanReport after = Journal.verify(dir);
        out.println(after.summary());
        return after.refused() ? 1 : 0;
    }
}
