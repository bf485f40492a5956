package io.tailguard.cli;

import io.tailguard.lab.Experiment;
import io.tailguard.lab.LabOption;
import io.tailguard.lab.LabRunner;
import io.tailguard.lab.LabUsageException;
import io.tailguard.lab.Progress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Builds the {@code tailguard lab <experiment>} command from the options an {@link Experiment}
 * declares. Values reach the lab as raw strings and are validated there, so a bad value gives one
 * line naming the flag, the value and what is allowed, and exit code 2. An experiment with a live
 * twin gets {@code --live}, which runs the twin instead (with the twin's options and defaults).
 */
final class ExperimentCommand implements Callable<Integer> {

    private static final String OUTPUT_DIR = "--output-dir";
    private static final String LIVE = "--live";

    private final Experiment experiment;
    private final Experiment live;
    private CommandSpec spec;

    private ExperimentCommand(Experiment experiment, Experiment live) {
        this.experiment = experiment;
        this.live = live;
    }

    /** Returns a command line for {@code experiment}; {@code live} is its live twin or null. */
    static CommandLine commandLine(Experiment experiment, Experiment live) {
        ExperimentCommand command = new ExperimentCommand(experiment, live);
        CommandSpec spec = CommandSpec.wrapWithoutInspection(command);
        command.spec = spec;
        spec.name(experiment.name());
        spec.mixinStandardHelpOptions(true);
        spec.versionProvider(new VersionProvider());
        List<String> description = new ArrayList<>(List.of(literal(experiment.description())));
        if (live != null) {
            description.add("With --live: " + literal(live.description()));
        }
        description.addAll(List.of("", "Writes CSVs, PNG charts, report.html and manifest.json into --output-dir, "
                + "all or nothing."));
        spec.usageMessage().description(description.toArray(new String[0]));
        spec.usageMessage().sortOptions(false);
        for (LabOption option : LabOption.of(experiment)) {
            spec.addOption(toOptionSpec(option, liveOption(live, option.name()).orElse(null)));
        }
        if (live != null) {
            spec.addOption(OptionSpec.builder(LIVE).type(boolean.class).arity("0")
                    .description("Run it live over 127.0.0.1 instead of simulated: real servers, real time.").build());
            for (LabOption option : LabOption.of(live)) {
                if (LabOption.of(experiment).stream().noneMatch(o -> o.name().equals(option.name()))) {
                    spec.addOption(toOptionSpec(withPrefix(option), null));
                }
            }
        }
        spec.addOption(OptionSpec.builder(OUTPUT_DIR).type(String.class).paramLabel("DIR")
                .defaultValue(LabRunner.defaultOutputDir(experiment.name()))
                .description("Directory for the artifacts (created if missing). Default: ${DEFAULT-VALUE}"
                        + (live == null ? "" : "; with --live " + LabRunner.defaultOutputDir(live.name())))
                .build());
        spec.usageMessage().footer(footer(experiment, live).toArray(new String[0]));
        return new CommandLine(spec);
    }

    private static List<String> footer(Experiment experiment, Experiment live) {
        List<String> footer = new ArrayList<>();
        List<LabOption> all = new ArrayList<>(LabOption.of(experiment));
        if (live != null) {
            all.addAll(LabOption.of(live));
        }
        if (all.stream().anyMatch(o -> o.kind() == LabOption.Kind.DURATION)) {
            footer.add("");
            footer.add("Durations: a number and a unit (ns, us, ms, s, m, h), such as 5s, 500ms, 0.5s or");
            footer.add("1m30s; a bare number is refused.");
        }
        if (all.stream().anyMatch(o -> o.kind() == LabOption.Kind.RATE)) {
            footer.add("");
            footer.add("Rates: a number per period, such as 500/s, 0.5/s, 30/m, 1000/h or 3/250ms.");
        }
        footer.add("");
        footer.add("Examples:");
        for (String example : experiment.examples()) {
            footer.add("  ./tailguard " + example);
        }
        if (live != null) {
            for (String example : live.examples()) {
                footer.add("  ./tailguard " + example);
            }
        }
        return footer;
    }

    private static Optional<LabOption> liveOption(Experiment live, String name) {
        return live == null ? Optional.empty() : LabOption.of(live).stream().filter(o -> o.name().equals(name)).findFirst();
    }

    private static LabOption withPrefix(LabOption option) {
        return new LabOption(option.name(), option.kind(), option.defaultValue(), "With --live only: "
                + option.description(), option.choices(), option.max());
    }

    private static OptionSpec toOptionSpec(LabOption option, LabOption liveTwin) {
        OptionSpec.Builder builder = OptionSpec.builder(option.name());
        String liveNote = liveTwin == null || liveTwin.kind() == LabOption.Kind.FLAG ? ""
                : ". With --live: " + literal(liveTwin.description()) + " Default: " + liveTwin.defaultValue();
        if (option.kind() == LabOption.Kind.FLAG) {
            builder.type(boolean.class).arity("0").description(literal(option.description()));
        } else {
            builder.type(String.class).paramLabel(option.paramLabel()).defaultValue(option.defaultValue())
                    .description(literal(option.description()) + " Default: ${DEFAULT-VALUE}" + liveNote);
        }
        return builder.build();
    }

    /** Picocli formats help text with String.format, so a lab's "95 %" must reach it as "95 %%". */
    static String literal(String text) {
        return text.replace("%", "%%");
    }

    @Override
    public Integer call() {
        CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        boolean runLive = live != null && parsed.hasMatchedOption(LIVE);
        Experiment chosen = runLive ? live : experiment;
        Map<String, String> given = new LinkedHashMap<>();
        for (OptionSpec option : spec.options()) {
            String name = option.longestName();
            if (name.equals(LIVE) || name.equals(OUTPUT_DIR) || !parsed.hasMatchedOption(name)
                    || option.usageHelp() || option.versionHelp()) {
                continue;
            }
            if (LabOption.of(chosen).stream().noneMatch(o -> o.name().equals(name))) {
                throw new LabUsageException(name + " must be used with --live but was given without it");
            }
            Object value = parsed.matchedOptionValue(name, null);
            given.put(name, String.valueOf(value));
        }
        String outputDir = parsed.matchedOptionValue(OUTPUT_DIR, LabRunner.defaultOutputDir(chosen.name()));
        CommandLine cli = spec.commandLine();
        new LabRunner(cli.getOut(), Progress.console(cli.getErr(), System.console() != null))
                .run(chosen, given, outputDir, spec.root().commandLine().getParseResult().originalArgs());
        return 0;
    }
}
