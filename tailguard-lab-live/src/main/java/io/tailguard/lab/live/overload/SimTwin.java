package io.tailguard.lab.live.overload;

import io.tailguard.config.DurationText;
import io.tailguard.path.LocalAnswer;
import io.tailguard.proxy.config.PathSettings;
import io.tailguard.proxy.config.ProxyConfig;
import io.tailguard.sim.arrival.ArrivalSource;
import io.tailguard.sim.path.BackendModel;
import io.tailguard.sim.path.PathResult;
import io.tailguard.sim.path.PathSimulation;
import io.tailguard.sim.path.Traffic;
import io.tailguard.sim.service.ServiceModel;
import java.time.Duration;
import java.util.List;

/**
 * Thread-safe (stateless) simulated twin of the {@code tailguard-fixed} setup, run as {@code tailguard
 * plan} runs a configuration: the very file the live proxy reads, mapped by the proxy's own
 * {@link PathSettings} to the core decision path, driven by the simulator's path host against one
 * backend of the same workers and fixed service time, with the plan's default hop per forward. The
 * same offered rate (constant arrivals) and warm-up as the live step; each client leaves at the
 * client timeout, withdrawing its request if it still waits, as the live generator's clients do.
 */
final class SimTwin {

    private SimTwin() {
    }

    /** Simulates {@code loadX} times capacity for the measured duration of {@code plan} and returns its row. */
    static OverloadRow row(OverloadPlan plan, ProxyConfig config, double loadX) {
        return row(plan, config, loadX, ArrivalSource.constantRate(plan.offeredRps(loadX)), plan.serviceTime(),
                DurationText.parseNonNegative("hop", PathSimulation.DEFAULT_HOP));
    }

    /**
     * The same with the two things the simulated twin leaves out put back in: arrivals as irregular
     * as a Poisson process, and {@code effectiveService}, the time a live permit was really held
     * (its hop included, so the simulation adds none). Not a row of the CSV: the report's check of
     * why the twin and the live run differ.
     */
    static OverloadRow jittered(OverloadPlan plan, ProxyConfig config, double loadX, Duration effectiveService) {
        return row(plan, config, loadX, ArrivalSource.poisson(plan.offeredRps(loadX)), effectiveService,
                Duration.ZERO);
    }

    private static OverloadRow row(OverloadPlan plan, ProxyConfig config, double loadX, ArrivalSource arrivals,
                                   Duration serviceTime, Duration hop) {
        Traffic traffic = new Traffic(arrivals, plan.warmup().plus(plan.duration()),
                ServiceModel.fixed(plan.clientTimeout()), 0.0, List.of("client"), true);
        PathResult result = PathSimulation.run(PathSettings.pool(config.pools().get(0)),
                List.of(PathSettings.route(config.routes().get(0), 0)),
                List.of(BackendModel.of(plan.workers(), ServiceModel.fixed(serviceTime))), traffic, 1,
                plan.warmup(), hop);
        long failed = result.gone();
        for (LocalAnswer answer : LocalAnswer.values()) {
            if (!answer.isRejection()) {
                failed += result.answered(answer);
            }
        }
        return new OverloadRow(OverloadRow.SIM, "tailguard-fixed", loadX, plan.offeredRps(loadX), plan.capacityRps(),
                result.perSecond(result.goodput()), result.goodputMillis(50), result.goodputMillis(99),
                result.perSecond(result.rejected()), result.perSecond(failed), Double.NaN);
    }
}
