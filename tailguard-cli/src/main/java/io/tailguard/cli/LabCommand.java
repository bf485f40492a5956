package io.tailguard.cli;

import io.tailguard.lab.Experiment;
import io.tailguard.lab.Experiments;
import io.tailguard.lab.live.LiveExperiments;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code tailguard lab}: experiments that write CSVs, charts, a manifest and a report. Its
 * subcommands are {@code list}, {@code all} and one generated command per experiment registered in
 * {@link Experiments} (simulated) or {@link LiveExperiments} (real servers), so registering an
 * experiment there is all the CLI needs. {@code all} runs the simulated ones only: the live ones
 * need installed servers and minutes of real time.
 */
@Command(
        name = "lab",
        mixinStandardHelpOptions = true,
        description = {
            "Run experiments: CSVs, PNG charts, manifest.json and a self-contained report.html.",
            "Simulated experiments are deterministic; live ones start real servers on 127.0.0.1.",
            "Run './tailguard lab list' to see the experiments."
        },
        subcommands = {CommandLine.HelpCommand.class, LabListCommand.class, LabAllCommand.class})
public final class LabCommand extends GroupCommand {

    /** Adds one subcommand per registered experiment to the {@code lab} command line. */
    static void addExperiments(CommandLine lab) {
        for (Experiment experiment : all()) {
            lab.addSubcommand(experiment.name(),
                    ExperimentCommand.commandLine(experiment, LiveExperiments.twin(experiment.name()).orElse(null)));
        }
    }

    /** Returns the simulated experiments, then the live ones, in {@code lab list} order. */
    static List<Experiment> all() {
        List<Experiment> all = new ArrayList<>(Experiments.all());
        all.addAll(LiveExperiments.all());
        return all;
    }
}
