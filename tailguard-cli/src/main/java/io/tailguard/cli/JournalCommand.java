package io.tailguard.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code tailguard journal}: the durable journal's benchmark, replica and verifier. */
@Command(
        name = "journal",
        mixinStandardHelpOptions = true,
        description = "Durable journal: benchmark durability modes, run a replica, verify files.",
        subcommands = {
            io.tailguard.cli.journal.JournalBenchCommand.class,
            io.tailguard.cli.journal.JournalReplicaCommand.class,
            io.tailguard.cli.journal.JournalVerifyCommand.class,
            CommandLine.HelpCommand.class
        })
public final class JournalCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
