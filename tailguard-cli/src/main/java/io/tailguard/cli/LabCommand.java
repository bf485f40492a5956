package io.tailguard.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code tailguard lab}: deterministic experiments that write CSVs, charts, a manifest and a report. */
@Command(
        name = "lab",
        mixinStandardHelpOptions = true,
        description = "Run deterministic experiments: CSVs, charts, manifest and report.",
        subcommands = {CommandLine.HelpCommand.class})
public final class LabCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
