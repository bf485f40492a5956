package io.tailguard.lab.live;

import io.tailguard.lab.Experiment;
import io.tailguard.lab.live.edge.EdgeExperiment;
import io.tailguard.lab.live.overload.OverloadExperiment;
import java.util.List;

/**
 * Thread-safe (immutable) registry of the live experiments: they start real servers on 127.0.0.1
 * and run in real time, so {@code tailguard lab all} (the deterministic suite) leaves them out, while
 * {@code tailguard lab list} shows them and {@code tailguard lab <name>} runs them.
 */
public final class LiveExperiments {

    private static final List<Experiment> ALL = List.of(new EdgeExperiment(), new OverloadExperiment());

    private LiveExperiments() {
    }

    /** Returns every live experiment. */
    public static List<Experiment> all() {
        return ALL;
    }
}
