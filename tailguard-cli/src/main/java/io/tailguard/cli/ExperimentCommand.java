package io.tailguard.cli;

import io.tailguard.lab.Experiment;
import io.tailguard.lab.LabOption;
import io.tailguard.lab.LabRunner;
import io.tailguard.lab.Progress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Builds the {@code tailguard lab <experiment>} command from the options an {@link Experiment}
 * declares. Values reach the lab as raw strings and are validated there, so a bad value gives one
 * line naming the flag, the value and what is allowed, and exit code 2.
 */
final class ExperimentCommand implements Callable<Integer> {

    private static final String OUTPUT_DIR = "--output-dir";

    private final Experiment experiment;
    private CommandSpec spec;

    private ExperimentCommand(Experiment experiment) {
        this.experiment = experiment;
    }

    /** Returns a command line for {@code experiment}. */
    static CommandLine commandLine(Experiment experiment) {
        ExperimentCommand command = new ExperimentCommand(experiment);
        CommandSpec spec = CommandSpec.wrapWithoutInspection(command);
        command.spec = spec;
        spec.name(experiment.name());
        spec.mixinStandardHelpOptions(true);
        spec.versionProvider(new VersionProvider());
        spec.usageMessage().description(experiment.description(), "",
                "Writes CSVs, PNG charts, report.html and manifest.json into --output-dir, all or nothing.");
        spec.usageMessage().sortOptions(false);
        for (LabOption option : LabOption.of(experiment)) {
            spec.addOption(toOptionSpec(option));
        }
        spec.addOption(OptionSpec.builder(OUTPUT_DIR).type(String.class).paramLabel("DIR")
                .defaultValue(LabRunner.defaultOutputDir(experiment.name()))
                .description("Directory for the artifacts (created if missing). Default: ${DEFAULT-VALUE}")
                .build());
        List<String> footer = new ArrayList<>();
        if (LabOption.of(experiment).stream().anyMatch(o -> o.kind() == LabOption.Kind.DURATION)) {
            footer.add("");
            footer.add("Durations: a whole number with ms, s, m or h (no suffix = seconds), e.g. 5s, 2m.");
        }
        footer.add("");
        footer.add("Examples:");
        for (String example : experiment.examples()) {
            footer.add("  tailguard " + example);
        }
        spec.usageMessage().footer(footer.toArray(new String[0]));
        return new CommandLine(spec);
    }

    private static OptionSpec toOptionSpec(LabOption option) {
        OptionSpec.Builder builder = OptionSpec.builder(option.name());
        if (option.kind() == LabOption.Kind.FLAG) {
            builder.type(boolean.class).arity("0").description(option.description());
        } else {
            builder.type(String.class).paramLabel(option.paramLabel()).defaultValue(option.defaultValue())
                    .description(option.description() + " Default: ${DEFAULT-VALUE}");
        }
        return builder.build();
    }

    @Override
    public Integer call() {
        CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        Map<String, String> given = new LinkedHashMap<>();
        for (LabOption option : LabOption.of(experiment)) {
            if (parsed.hasMatchedOption(option.name())) {
                Object value = parsed.matchedOptionValue(option.name(), null);
                given.put(option.name(), String.valueOf(value));
            }
        }
        String outputDir = parsed.matchedOptionValue(OUTPUT_DIR, LabRunner.defaultOutputDir(experiment.name()));
        CommandLine cli = spec.commandLine();
        new LabRunner(cli.getOut(), Progress.console(cli.getErr(), System.console() != null))
                .run(experiment, given, outputDir, spec.root().commandLine().getParseResult().originalArgs());
        return 0;
    }
}
