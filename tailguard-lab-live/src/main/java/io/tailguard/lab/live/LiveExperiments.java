package io.tailguard.lab.live;

import io.tailguard.lab.Experiment;
import io.tailguard.lab.live.edge.EdgeExperiment;
import io.tailguard.lab.live.leases.LeasesLiveExperiment;
import io.tailguard.lab.live.overload.OverloadExperiment;
import io.tailguard.lab.live.planlive.PlanVsLiveExperiment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Thread-safe (immutable) registry of the live experiments: they start real servers on 127.0.0.1
 * and run in real time, so {@code tailguard lab all} (the deterministic suite) does not run them but
 * lists them on its index with their commands ({@link #forIndex}), {@code tailguard lab list} shows
 * them and {@code tailguard lab <name>} runs them. A live twin of a
 * simulated experiment is run as {@code tailguard lab <simulated name> --live} ({@link #twin}).
 */
public final class LiveExperiments {

    private static final List<Experiment> ALL = List.of(new EdgeExperiment(), new OverloadExperiment(),
            new PlanVsLiveExperiment());

    /** Simulated experiment name → its live twin, run with {@code --live}. */
    private static final Map<String, Experiment> TWINS = Map.of("leases", new LeasesLiveExperiment());

    private LiveExperiments() {
    }

    /** Returns the live twin of the simulated experiment {@code name}, if it has one. */
    public static Optional<Experiment> twin(String name) {
        return Optional.ofNullable(TWINS.get(name));
    }

    /** Returns every live experiment. */
    public static List<Experiment> all() {
        return ALL;
    }

    /**
     * Returns what {@code lab all}'s index lists as run on their own: every live experiment, then
     * every live twin, each run by the first of its examples.
     */
    public static List<Experiment> forIndex() {
        List<Experiment> listed = new ArrayList<>(ALL);
        TWINS.keySet().stream().sorted().forEach(name -> listed.add(TWINS.get(name)));
        return List.copyOf(listed);
    }
}
