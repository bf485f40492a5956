package io.tailguard.lab.live.overload;

import io.tailguard.lab.live.process.Front;
import io.tailguard.load.Arrivals;
import io.tailguard.load.LoadGenerator;
import io.tailguard.load.LoadPlan;
import io.tailguard.load.StepResult;
import io.tailguard.load.Target;
import io.tailguard.time.NanoClock;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Thread-safe (stateless) live run of one setup: a fresh backend and front, then every offered
 * load in increasing order from one open-loop generator (one step per load, connections enough for
 * the highest rate), the proxy's resident memory sampled once a second. Everything is
 * stopped at the end, also on failure.
 */
final class OverloadLiveRun {

    private OverloadLiveRun() {
    }

    /** Runs {@code setup} at every load of {@code plan}; {@code stepDone} hears each finished load. */
    static List<OverloadRow> run(OverloadSetup setup, OverloadPlan plan, NanoClock clock, Consumer<String> stepDone) {
        List<Long> rates = plan.loads().stream().map(plan::offeredRps).toList();
        List<OverloadRow> rows = new ArrayList<>();
        try (WorkerBackend backend = WorkerBackend.start(plan.workers(), plan.serviceTime());
             Front front = setup.start(backend, plan)) {
            // one generator for every load: its connections (enough for the highest rate) open once
            LoadPlan load = new LoadPlan(Target.parse("http://127.0.0.1:" + front.port() + "/"), rates,
                    plan.duration(), plan.warmup(), Arrivals.CONSTANT, 1,
                    plan.connections(rates.stream().mapToLong(Long::longValue).max().orElse(1)), 2, "GET",
                    List.of(), null, plan.clientTimeout());
            try (LoadGenerator generator = LoadGenerator.open(load, clock)) {
                for (int i = 0; i < rates.size(); i++) {
                    rows.add(step(setup, plan, front, generator, i));
                    stepDone.accept(setup.label() + " " + OverloadTables.loadX(plan.loads().get(i)) + "x");
                }
            }
        }
        return rows;
    }

    private static OverloadRow step(OverloadSetup setup, OverloadPlan plan, Front front, LoadGenerator generator,
                                    int index) {
        OptionalLong pid = front.pid();
        AtomicReference<Double> rss = new AtomicReference<>(Double.NaN);
        // the generator calls this once a second from its reporter thread: a free sampler
        Consumer<String> sample = line -> pid.ifPresent(p -> rss.accumulateAndGet(Rss.mebibytes(p), OverloadLiveRun::max));
        StepResult result = generator.run(index, sample, null);
        pid.ifPresent(p -> rss.accumulateAndGet(Rss.mebibytes(p), OverloadLiveRun::max));
        return OverloadRow.live(setup.label(), plan.loads().get(index), plan.capacityRps(), result, rss.get());
    }

    private static double max(double a, double b) {
        return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.max(a, b);
    }
}
