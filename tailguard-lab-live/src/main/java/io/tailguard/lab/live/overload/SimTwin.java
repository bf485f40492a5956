package io.tailguard.lab.live.overload;

import io.tailguard.admission.RejectReason;
import io.tailguard.proxy.config.PoolConfig;
import io.tailguard.sim.Simulation;
import io.tailguard.sim.SimulationListener;
import io.tailguard.sim.Station;
import io.tailguard.sim.StationQueues;
import io.tailguard.sim.arrival.ArrivalSource;
import io.tailguard.sim.service.ServiceModel;
import java.time.Duration;
import org.HdrHistogram.Histogram;

/**
 * Thread-safe (stateless) simulated twin of the {@code tailguard-fixed} setup: the same offered
 * rate (constant arrivals), the proxy's cap as the station's workers (the backend has exactly as
 * many, so it never queues behind the cap), the proxy's own core {@code BoundedQueue} built from
 * the same {@link PoolConfig#queueConfig()} (CoDel, places, queue timeout), the backend's fixed
 * service time, and the client timeout applied to each completion. Not modelled: network and
 * proxy time, timer slack, the clients' own departures (a request whose client left is still
 * served in the simulator; the live proxy drops it).
 */
final class SimTwin {

    private SimTwin() {
    }

    /** Simulates {@code loadX} times capacity for the measured duration of {@code plan} and returns its row. */
    static OverloadRow row(OverloadPlan plan, PoolConfig pool, double loadX) {
        return row(plan, pool, loadX, ArrivalSource.constantRate(plan.offeredRps(loadX)), plan.serviceTime());
    }

    /**
     * The same with the two things the simulated twin leaves out put back in: arrivals as irregular
     * as a Poisson process, and {@code effectiveService}, the time a live permit was really held.
     * Not a row of the CSV: the report's check of why the twin and the live run differ.
     */
    static OverloadRow jittered(OverloadPlan plan, PoolConfig pool, double loadX, Duration effectiveService) {
        return row(plan, pool, loadX, ArrivalSource.poisson(plan.offeredRps(loadX)), effectiveService);
    }

    private static OverloadRow row(OverloadPlan plan, PoolConfig pool, double loadX, ArrivalSource arrivals,
                                   Duration serviceTime) {
        long rate = plan.offeredRps(loadX);
        long timeoutNanos = plan.clientTimeout().toNanos();
        long warmNanos = plan.warmup().toNanos();
        Histogram success = new Histogram(1_000L, 3_600_000_000_000L, 3);
        long[] late = new long[1];
        long[] shed = new long[1];
        SimulationListener listener = new SimulationListener() {
            @Override
            public void onCompleted(long id, long arrivalNanos, long startNanos, long nowNanos) {
                if (arrivalNanos < warmNanos) {
                    return;
                }
                long latency = nowNanos - arrivalNanos;
                if (latency <= timeoutNanos) {
                    success.recordValue(Math.max(1_000L, latency));
                } else {
                    late[0]++;
                }
            }

            @Override
            public void onRejected(long id, RejectReason reason, long nowNanos) {
                // a refusal happens at the arrival: nowNanos is the arrival time
                shed[0] += nowNanos >= warmNanos ? 1 : 0;
            }

            @Override
            public void onShed(long id, RejectReason reason, long arrivalNanos, long nowNanos) {
                shed[0] += arrivalNanos >= warmNanos ? 1 : 0;
            }
        };
        Simulation sim = Simulation.builder()
                .seed(1)
                .arrivals(arrivals)
                .station(Station.builder()
                        .workers(pool.maxConns())
                        .queue(StationQueues.core(pool.queueConfig()))
                        .service(ServiceModel.fixed(serviceTime))
                        .build())
                .horizon(Duration.ofNanos(warmNanos).plus(plan.duration()))
                .listener(listener)
                .build();
        sim.run();
        double seconds = plan.duration().toNanos() / 1e9;
        return new OverloadRow(OverloadRow.SIM, "tailguard-fixed", loadX, rate, plan.capacityRps(),
                success.getTotalCount() / seconds, OverloadRow.millis(success, 50), OverloadRow.millis(success, 99),
                shed[0] / seconds, late[0] / seconds, Double.NaN);
    }
}
