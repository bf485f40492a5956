package io.tailguard.lab.cascade;

import io.tailguard.sim.calltree.ArrivalPattern;
import io.tailguard.sim.calltree.HeldChain.Route;
import io.tailguard.sim.calltree.HeldChain.Service;
import io.tailguard.sim.calltree.HeldChain;
import io.tailguard.sim.calltree.OwnWork;
import io.tailguard.sim.calltree.Scoring;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Thread-safe (immutable) outcome of one cascade run, scored the published way: a request counts if it
 * arrived at least one deadline before the end; it succeeded if it completed within the deadline.
 *
 * @param successPct     per route, share of scored requests that succeeded
 * @param p99Ms          per route, p99 latency of scored requests that completed
 * @param windowSuccess  per window, per route, success share of the scored arrivals in that window
 * @param queueSamples   per window, per service, the wait-line length at the window's start
 */
record CascadeRun(double[] successPct, double[] p99Ms, double[][] windowSuccess, int[][] queueSamples) {

    static final long DEADLINE_MS = 1000;
    static final List<String> SERVICES = List.of("frontend", "service-a", "service-b", "database");
    static final List<String> ROUTES = List.of("route-a", "route-b");

    /** Runs the published topology with {@code database} own work and {@code frontends} shared or split. */
    static CascadeRun run(OwnWork database, long durationMs, ArrivalPattern arrivals, long seed, boolean isolatedFrontends) {
        List<Service> services = isolatedFrontends
                ? List.of(new Service("frontend-a", 20, OwnWork.constant(5)), new Service("service-a", 10,
                        OwnWork.constant(5)), new Service("service-b", 10, OwnWork.constant(10)),
                        new Service("database", 10, database), new Service("frontend-b", 20, OwnWork.constant(5)))
                : List.of(new Service("frontend", 20, OwnWork.constant(5)), new Service("service-a", 10,
                        OwnWork.constant(5)), new Service("service-b", 10, OwnWork.constant(10)),
                        new Service("database", 10, database));
        int frontendB = isolatedFrontends ? 4 : 0;
        List<Route> routes = List.of(new Route("route-a", new int[] {0, 1, 3}, 50.0),
                new Route("route-b", new int[] {frontendB, 2}, 50.0));
        int windows = Scoring.windows(durationMs, DEADLINE_MS);
        HeldChain model = new HeldChain(services, routes, durationMs, windows, Scoring.WINDOW_MS, arrivals, seed)
                .run();
        return score(model, durationMs, windows);
    }

    private static CascadeRun score(HeldChain model, long durationMs, int windows) {
        double cutoff = durationMs - DEADLINE_MS;
        int routes = model.routes().size();
        double[] success = new double[routes];
        double[] p99 = new double[routes];
        double[][] windowSuccess = new double[windows][routes];
        for (int r = 0; r < routes; r++) {
            double[] arrive = model.arrivals().get(r);
            double[] done = model.completions().get(r);
            Histogram latency = Scoring.histogram();
            long scored = 0;
            long ok = 0;
            long[] windowScored = new long[windows];
            long[] windowOk = new long[windows];
            for (int i = 0; i < arrive.length && arrive[i] <= cutoff; i++) {
                scored++;
                boolean completed = !Double.isNaN(done[i]);
                boolean good = completed && done[i] - arrive[i] <= DEADLINE_MS;
                if (completed) {
                    Scoring.record(latency, done[i] - arrive[i]);
                }
                ok += good ? 1 : 0;
                int w = (int) (arrive[i] / Scoring.WINDOW_MS);
                if (w < windows) {
                    windowScored[w]++;
                    windowOk[w] += good ? 1 : 0;
                }
            }
            success[r] = Scoring.pct(ok, scored);
            p99[r] = Scoring.percentile(latency, 99.0);
            for (int w = 0; w < windows; w++) {
                windowSuccess[w][r] = Scoring.pct(windowOk[w], windowScored[w]);
            }
        }
        return new CascadeRun(success, p99, windowSuccess, model.queueSamples());
    }
}
