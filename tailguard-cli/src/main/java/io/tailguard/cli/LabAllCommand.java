package io.tailguard.cli;

import io.tailguard.lab.Experiments;
import io.tailguard.lab.LabRunner;
import io.tailguard.lab.Progress;
import io.tailguard.lab.live.LiveExperiments;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code tailguard lab all}: runs every experiment with its defaults and writes an index page. */
@Command(
        name = "all",
        mixinStandardHelpOptions = true,
        description = {
            "Run every simulated experiment with its defaults; DIR/index.html links each report.",
            "Live experiments (lab edge) need installed servers and run on their own.",
            "",
            "Each experiment writes into DIR/<experiment>/; DIR/manifest.json lists every artifact's",
            "SHA-256. Nothing is left behind if a run fails."
        },
        footer = {"", "Example:", "  ./tailguard lab all --output-dir ./results/all"})
final class LabAllCommand implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--output-dir", paramLabel = "DIR", defaultValue = LabRunner.DEFAULT_OUTPUT_DIR,
            description = "Directory for the reports (created if missing). Default: ${DEFAULT-VALUE}")
    String outputDir;

    @Override
    public void run() {
        CommandLine cli = spec.commandLine();
        new LabRunner(cli.getOut(), Progress.console(cli.getErr(), System.console() != null))
                .runAll(outputDir, spec.root().commandLine().getParseResult().originalArgs(), Experiments.all(),
                        LiveExperiments.forIndex());
    }
}
