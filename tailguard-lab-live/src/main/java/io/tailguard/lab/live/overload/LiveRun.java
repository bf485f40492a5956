package io.tailguard.lab.live.overload;

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
 * load in increasing order from the open-loop generator (a fresh generator per load, with enough
 * connections for that rate), the proxy's resident memory sampled once a second. Everything is
 * stopped at the end, also on failure.
 */
final class LiveRun {

    private LiveRun() {
    }

    /** Runs {@code setup} at every load of {@code plan}; {@code stepDone} hears each finished load. */
    static List<OverloadRow> run(OverloadSetup setup, OverloadPlan plan, NanoClock clock, Consumer<String> stepDone) {
        List<OverloadRow> rows = new ArrayList<>();
        try (WorkerBackend backend = WorkerBackend.start(plan.workers(), plan.serviceTime());
             Front front = setup.start(backend, plan)) {
            for (double loadX : plan.loads()) {
                rows.add(step(setup, plan, front, loadX, clock));
                stepDone.accept(setup.label() + " " + loadX + "x");
            }
        }
        return rows;
    }

    private static OverloadRow step(OverloadSetup setup, OverloadPlan plan, Front front, double loadX,
                                    NanoClock clock) {
        long rate = plan.offeredRps(loadX);
        LoadPlan load = new LoadPlan(Target.parse("http://127.0.0.1:" + front.port() + "/"), List.of(rate),
                plan.duration(), plan.warmup(), Arrivals.CONSTANT, 1, plan.connections(rate), 2, "GET", List.of(),
                null, plan.clientTimeout());
        OptionalLong pid = front.pid();
        AtomicReference<Double> rss = new AtomicReference<>(Double.NaN);
        // the generator calls this once a second from its reporter thread: a free sampler
        Consumer<String> sample = line -> pid.ifPresent(p -> rss.accumulateAndGet(Rss.mebibytes(p), LiveRun::max));
        StepResult result;
        try (LoadGenerator generator = LoadGenerator.open(load, clock)) {
            result = generator.run(0, sample, null);
        }
        pid.ifPresent(p -> rss.accumulateAndGet(Rss.mebibytes(p), LiveRun::max));
        return OverloadRow.live(setup.label(), loadX, plan.capacityRps(), result, rss.get());
    }

    private static double max(double a, double b) {
        return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.max(a, b);
    }
}
