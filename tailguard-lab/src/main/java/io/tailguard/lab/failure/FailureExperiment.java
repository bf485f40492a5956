package io.tailguard.lab.failure;

import io.tailguard.lab.Experiment;
import io.tailguard.lab.LabOption;
import io.tailguard.lab.LabSeries;
import java.util.List;

/**
 * Thread-safe (immutable) base of the failure-propagation experiments: their names, the series they
 * belong to and the options they share ({@link FailureOptions}); subclasses add only {@code run}.
 */
public abstract class FailureExperiment implements Experiment {

    private final String name;
    private final String title;
    private final String description;
    private final List<LabOption> options;
    private final List<String> examples;

    /**
     * @param defaultSeed the seed's default
     * @param seedUse     what the seed draws, for {@code --help}
     * @param examples    command lines without the {@code tailguard} prefix
     */
    protected FailureExperiment(String name, String title, String description, long defaultSeed, String seedUse,
            String... examples) {
        this.name = name;
        this.title = title;
        this.description = description;
        this.options = FailureOptions.options(defaultSeed, seedUse);
        this.examples = List.of(examples);
    }

    /** Seed use of the experiments whose only randomness is the arrival streams. */
    protected static final String ARRIVAL_SEED = "Seed of the random arrival streams (poisson, bursty).";

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String title() {
        return title;
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final LabSeries series() {
        return LabSeries.FAILURE;
    }

    @Override
    public final List<LabOption> options() {
        return options;
    }

    @Override
    public final List<String> examples() {
        return examples;
    }
}
