package io.tailguard.cli;

import io.tailguard.lab.Experiment;
import io.tailguard.lab.Experiments;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code tailguard lab}: deterministic experiments that write CSVs, charts, a manifest and a report.
 * Its subcommands are {@code list}, {@code all} and one generated command per registered
 * experiment, so registering an experiment in {@link Experiments} is all the CLI needs.
 */
@Command(
        name = "lab",
        mixinStandardHelpOptions = true,
        description = {
            "Run deterministic experiments: CSVs, PNG charts, manifest.json and a self-contained report.html.",
            "Run 'tailguard lab list' to see the experiments."
        },
        subcommands = {CommandLine.HelpCommand.class, LabListCommand.class, LabAllCommand.class})
public final class LabCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** Adds one subcommand per registered experiment to the {@code lab} command line. */
    static void addExperiments(CommandLine lab) {
        for (Experiment experiment : Experiments.all()) {
            lab.addSubcommand(experiment.name(), ExperimentCommand.commandLine(experiment));
        }
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
