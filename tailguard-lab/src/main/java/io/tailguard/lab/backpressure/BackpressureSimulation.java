package io.tailguard.lab.backpressure;

import io.tailguard.sim.Simulation;

/** Thread-safe (stateless) runner of one strategy on one workload in the simulator. */
final class BackpressureSimulation {

    private BackpressureSimulation() {
    }

    /** Simulates {@code strategy} on {@code workload} until every admitted request has left. */
    static StrategyOutcome run(Strategy strategy, Workload workload) {
        Pacing pacing = workload.pacing();
        OutcomeRecorder recorder = new OutcomeRecorder(strategy, pacing);
        Simulation.Builder builder = Simulation.builder()
                .seed(workload.seed())
                .station(strategy.station())
                .listener(recorder)
                .drain(true);
        return recorder.finish(pacing.applyTo(builder).build().run());
    }
}
