package io.tailguard.cli.journal;

import io.tailguard.cli.UsageException;
import io.tailguard.journal.Journal;
import io.tailguard.journal.JournalId;
import io.tailguard.journal.JournalRepair;
import io.tailguard.journal.RepairPlan;
import io.tailguard.journal.RepairReport;
import io.tailguard.journal.segment.ScanReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Not thread-safe (one command run): {@code tailguard journal repair} keeps records 1..N and moves
 * the rest aside (printing the plan first, or only the plan with {@code --dry-run}), or writes a
 * deleted {@code journal.id} back from the segment headers.
 */
@Command(
        name = "repair",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Keep records 1..SEQ of a journal that will not open, and move the rest aside.",
            "",
            "Opening never cuts a record that intact data follows; when 'journal verify'",
            "says CORRUPT ... open=refuses, decide what to keep and run this. Nothing is",
            "deleted: the segment cut inside is first copied, later segment files and",
            "segment files that are not in the journal's chain (strays, another",
            "journal's) are moved whole, all into DIR/repair-<UTC time>/ with a",
            "REPAIR.txt. It refuses to take a record that verifies as this journal's and",
            "continues its sequence: SEQ must be at least verify's last_seq. It prints",
            "what it would do before it does it (--dry-run: only that). The journal must",
            "not be open (repair takes its lock). Prints what it did and the verify line",
            "of the result.",
            ""
        },
        footer = {"", "Example (verify printed last_seq=1429 ... open=refuses):",
            "  ./tailguard journal verify --dir /data/orders",
            "  ./tailguard journal repair --dir /data/orders --truncate-after 1429 --dry-run",
            "  ./tailguard journal repair --dir /data/orders --truncate-after 1429",
            "",
            "Example (a deleted journal.id; open refuses: 'journal.id is missing'):",
            "  ./tailguard journal repair --dir /data/orders --restore-id"})
public final class JournalRepairCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    JournalDirectory journal;

    @Option(names = "--truncate-after", paramLabel = "SEQ",
            description = "Last record to keep (0 keeps none); verify's last_seq.")
    Long truncateAfter;

    @Option(names = "--dry-run", description = "Print what --truncate-after would do and change nothing.")
    boolean dryRun;

    @Option(names = "--restore-id",
            description = "Write a deleted journal.id back from the identity the segment headers name.")
    boolean restoreId;

    @Override
    public Integer call() {
        Path dir = journal.existing();
        if ((truncateAfter == null) == !restoreId) {
            throw new UsageException("give one of --truncate-after SEQ or --restore-id");
        }
        PrintWriter out = spec.commandLine().getOut();
        if (restoreId) {
            if (dryRun) {
                throw new UsageException("--dry-run applies to --truncate-after only");
            }
            JournalId id;
            try {
                id = JournalRepair.restoreIdentity(dir);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--restore-id is not allowed: " + e.getMessage());
            }
            out.println("wrote " + dir.resolve("journal.id") + ": journal " + id + ", the identity its segments name");
        } else {
            truncate(dir, out);
            if (dryRun) {
                out.println("dry run: nothing was changed");
                return 0;
            }
        }
        ScanReport after = Journal.verify(dir);
        out.println(after.summary());
        return after.refused() ? 1 : 0;
    }

    private void truncate(Path dir, PrintWriter out) {
        if (truncateAfter < 0) {
            throw new UsageException("--truncate-after value '" + truncateAfter + "' is not allowed: use 0 or a "
                    + "record sequence");
        }
        try {
            RepairPlan plan = JournalRepair.plan(dir, truncateAfter);
            plan.describe().forEach(out::println);
            out.flush();
            if (!dryRun) {
                RepairReport report = JournalRepair.truncateAfter(dir, truncateAfter, Clock.systemUTC());
                report.describe().forEach(out::println);
            }
        } catch (IllegalArgumentException e) {
            throw new UsageException("--truncate-after value '" + truncateAfter + "' is not allowed: "
                    + e.getMessage());
        }
    }
}
