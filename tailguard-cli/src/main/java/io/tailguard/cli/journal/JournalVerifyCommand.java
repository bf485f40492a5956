package io.tailguard.cli.journal;

import io.tailguard.journal.Journal;
import io.tailguard.journal.segment.ScanReport;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** Not thread-safe (one command run): {@code tailguard journal verify} checks every record of a journal without changing it. */
@Command(
        name = "verify",
        mixinStandardHelpOptions = true,
        description = {
            "Check every record of a journal, read-only, and say what opening it would do.",
            "",
            "Checks each segment header and size (a file shorter than its header says",
            "is damage: segments are preallocated), that each segment is this journal's",
            "(the identity in journal.id) and continues its history (the digest of the",
            "records before it), each record's length, checksum and sequence, and that",
            "no segment is missing or stray. Prints one line starting with:",
            "  ok         consistent; exit 0. unpublished_tail_bytes counts a write a",
            "             crash cut short before it was published (open zeroes them).",
            "  TORN_TAIL  the last record is torn and nothing intact follows; open cuts",
            "             cut_bytes after last_seq; exit 1.",
            "  CORRUPT    damage with records (or data) after it; open refuses and",
            "             changes nothing (open=refuses); exit 1. first_bad=FILE@BYTE and",
            "             reason say where; 'journal repair' is the operator's cut.",
            "The same scan decides what Journal.open does. Safe beside a live writer:",
            "a refusal is printed only when a second scan agrees (a roll seen half-way",
            "is scanned again). A --dir that holds no",
            "journal is refused with what it holds instead (journals in its",
            "subdirectories, *.tgj files that are not segments).",
            ""
        },
        footer = {"", "Example:", "  ./tailguard journal verify --dir /data/journal",
            "  ok records=1500 first_seq=1 last_seq=1500 segments=4 unpublished_tail_bytes=0"})
public final class JournalVerifyCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    JournalDirectory journal;

    @Override
    public Integer call() {
        ScanReport report = Journal.verify(journal.existing());
        spec.commandLine().getOut().println(report.summary());
        return report.consistent() ? 0 : 1;
    }
}
