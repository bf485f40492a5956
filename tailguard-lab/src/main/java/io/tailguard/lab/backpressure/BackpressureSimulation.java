package io.tailguard.lab.backpressure;

import io.tailguard.sim.Simulation;

/** Thread-safe (stateless) runner of one strategy on one workload in the simulator. */
final class BackpressureSimulation {

    private BackpressureSimulation() {
    }

    /** Simulates {@code strategy} on {@code workload} until every admitted request has left. */
    static Outcome run(Strategy strategy, Workload workload) {
        OutcomeRecorder recorder = new OutcomeRecorder(strategy, workload);
        Simulation.Builder builder = Simulation.builder()
                .station(strategy.station())
                .listener(recorder)
                .drain(true);
        workload.applyTo(builder).build().run();
        return recorder.finish();
    }
}
