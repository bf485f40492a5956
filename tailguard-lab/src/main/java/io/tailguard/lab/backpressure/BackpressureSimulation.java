package io.tailguard.lab.backpressure;

import io.tailguard.sim.Simulation;
import io.tailguard.sim.SimulationResult;
import io.tailguard.sim.snapshot.ArrivalSnapshot;
import io.tailguard.sim.snapshot.ArrivalSnapshots;
import java.util.List;

/** Thread-safe (stateless) runner of one strategy on one workload in the simulator. */
final class BackpressureSimulation {

    private BackpressureSimulation() {
    }

    /** Simulates {@code strategy} on {@code workload} until every admitted request has left. */
    static StrategyOutcome run(Strategy strategy, Workload workload) {
        Pacing pacing = workload.pacing();
        ArrivalSnapshots recorder = new ArrivalSnapshots(pacing::windowOf, strategy.holdsRequests());
        Simulation.Builder builder = Simulation.builder()
                .seed(workload.seed())
                .station(strategy.station())
                .listener(recorder)
                .drain(true);
        SimulationResult result = pacing.applyTo(builder).build().run();
        List<StrategyOutcome.Snapshot> rows = recorder.finish(pacing.windowCount(recorder.opened())).stream()
                .map(window -> snapshot(pacing, window)).toList();
        return new StrategyOutcome(strategy, result.counts().arrivals(), result.counts().accepted(),
                result.counts().rejected(), recorder.percentileMillis(50.0), recorder.percentileMillis(99.0),
                strategy.holdsRequests() ? result.maxInSystem() : 0, rows);
    }

    private static StrategyOutcome.Snapshot snapshot(Pacing pacing, ArrivalSnapshot w) {
        return new StrategyOutcome.Snapshot(pacing.elapsed(w.index(), w.lastArrivalNanos()), pacing.endSeconds(w.index()),
                w.accepted(), w.rejected(), pacing.throughput(w.index(), w.accepted()), w.p50Millis(), w.p99Millis(),
                w.maxBuffered());
    }
}
