package io.tailguard.lab;

import java.util.List;

/**
 * Thread-safe (immutable) description of one experiment: everything about it but its scenario code.
 * The runner derives the rest from it: {@code lab list}'s line, {@code --help}, the accepted options
 * (plus {@code --seeds} when a seed is declared) and the verdict on each published conclusion.
 *
 * @param name        the command name, lower-case with dashes, for example {@code backpressure}
 * @param title       the title of the report and the manifest
 * @param description one line for {@code lab list} and {@code --help}
 * @param series      the group {@code lab list} shows it under
 * @param options     the options it accepts, with defaults; {@code --output-dir} is the framework's
 * @param examples    command lines without the {@code tailguard} prefix; none for just {@code lab <name>}
 * @param conclusions the published article's claims as tests over a run's rows; none for tailguard's own
 */
public record ExperimentSpec(String name, String title, String description, LabSeries series,
                             List<LabOption> options, List<String> examples, List<Conclusion<?>> conclusions) {

    /** Validates the name and copies the lists. */
    public ExperimentSpec {
        if (name == null || !name.matches("[a-z0-9]+(-[a-z0-9]+)*")) {
            throw new IllegalArgumentException("name must be lower-case words joined by dashes but was " + name);
        }
        options = List.copyOf(options);
        examples = examples.isEmpty() ? List.of("lab " + name) : List.copyOf(examples);
        conclusions = List.copyOf(conclusions);
    }

    /**
     * Returns the spec of one of tailguard's own experiments: the {@link LabSeries#TAILGUARD} series
     * and no conclusions, as there is no published article to check it against.
     *
     * @param examples command lines without the {@code tailguard} prefix; none for just {@code lab <name>}
     */
    public static ExperimentSpec own(String name, String title, String description, List<LabOption> options,
                                     String... examples) {
        return new ExperimentSpec(name, title, description, LabSeries.TAILGUARD, options, List.of(examples), List.of());
    }
}
