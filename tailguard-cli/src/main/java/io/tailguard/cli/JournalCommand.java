package io.tailguard.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code tailguard journal}: the durable journal's benchmark, replica, verifier and repair. */
@Command(
        name = "journal",
        mixinStandardHelpOptions = true,
        description = "Durable journal: benchmark durability modes, run a replica, verify and repair files.",
        subcommands = {
            io.tailguard.cli.journal.JournalBenchCommand.class,
            io.tailguard.cli.journal.JournalReplicaCommand.class,
            io.tailguard.cli.journal.JournalVerifyCommand.class,
            io.tailguard.cli.journal.JournalRepairCommand.class,
            CommandLine.HelpCommand.class
        })
public final class JournalCommand extends GroupCommand {
}
