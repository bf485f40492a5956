package io.tailguard.cli;

import io.tailguard.lab.LabRunner;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code tailguard lab list}: prints every experiment, one line each. */
@Command(
        name = "list",
        mixinStandardHelpOptions = true,
        description = "Print every experiment, simulated then live, with a one-line description.")
final class LabListCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        for (String line : LabRunner.list(LabCommand.all())) {
            spec.commandLine().getOut().println(line);
        }
        spec.commandLine().getOut().flush();
    }
}
