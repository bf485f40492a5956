package io.tailguard.sim.calltree;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Not thread-safe one run of a chain of synchronous calls without timeouts: requests walk a chain of services, taking a worker at
 * each hop when their work there starts and keeping it until the leaf finishes (synchronous calls);
 * then every hop is released from the leaf back to the first, each release starting the head of that
 * service's unbounded FIFO line. Events run on the simulator's loop through {@link MillisClockLoop}.
 */
public final class HeldChain {

    /** Not thread-safe service: a worker count, its own-work function, a busy count and a FIFO line. */
    public static final class Service {
        final String name;
        final int workers;
        final OwnWork work;
        int busy;
        final ArrayDeque<long[]> line = new ArrayDeque<>();

        /** Creates a service of {@code workers} workers whose own work takes {@code work}. */
        public Service(String name, int workers, OwnWork work) {
            this.name = name;
            this.workers = workers;
            this.work = work;
        }
    }

    /**
     * A route: a chain of services (indexes into the service list, first hop first) and an arrival rate.
     *
     * @param name          the route's name
     * @param chain         the services a request of this route calls, in order
     * @param ratePerSecond its arrival rate
     */
    public record Route(String name, int[] chain, double ratePerSecond) {
    }

    private final List<Service> services;
    private final List<Route> routes;
    private final MillisClockLoop loop;
    private final List<double[]> arrivals = new ArrayList<>();
    private final List<double[]> completions = new ArrayList<>();
    private final int[][] queueSamples;

    /**
     * Schedules every arrival of every route ({@code pattern}, seeded) and a sample of every wait
     * line each {@code sampleEveryMs} for {@code windows} windows.
     */
    public HeldChain(List<Service> services, List<Route> routes, double durationMs, int windows, double sampleEveryMs,
            ArrivalPattern pattern, long seed) {
        this.services = services;
        this.routes = routes;
        this.loop = new MillisClockLoop(durationMs);
        this.queueSamples = new int[windows][];
        for (int w = 0; w < windows; w++) {
            int window = w;
            loop.at(w * sampleEveryMs, () -> sample(window));
        }
        for (int r = 0; r < routes.size(); r++) {
            double[] arrive = pattern.times(routes.get(r).ratePerSecond(), r, routes.size(), durationMs, seed);
            double[] done = new double[arrive.length];
            java.util.Arrays.fill(done, Double.NaN);
            arrivals.add(arrive);
            completions.add(done);
            for (int i = 0; i < arrive.length; i++) {
                long request = ((long) r << 32) | i;
                loop.at(arrive[i], () -> arrive(request, 0));
            }
        }
    }

    /** Runs to the horizon; completions of requests still in flight stay NaN. */
    public HeldChain run() {
        loop.run();
        return this;
    }

    /** Returns the routes, in the order of {@link #arrivals()} and {@link #completions()}. */
    public List<Route> routes() {
        return routes;
    }

    /** Returns, per route, the arrival time of each request in ms. */
    public List<double[]> arrivals() {
        return arrivals;
    }

    /** Returns, per route, the completion time of each request in ms, NaN for one still in flight. */
    public List<double[]> completions() {
        return completions;
    }

    /** Returns, per window, the wait-line length of each service at the window's start. */
    public int[][] queueSamples() {
        return queueSamples;
    }

    private void sample(int window) {
        int[] lengths = new int[services.size()];
        for (int s = 0; s < lengths.length; s++) {
            lengths[s] = services.get(s).line.size();
        }
        queueSamples[window] = lengths;
    }

    private Service serviceAt(long request, int hop) {
        return services.get(routes.get((int) (request >>> 32)).chain()[hop]);
    }

    private void arrive(long request, int hop) {
        Service s = serviceAt(request, hop);
        if (s.busy < s.workers) {
            start(s, request, hop);
        } else {
            s.line.addLast(new long[] {request, hop});
        }
    }

    private void start(Service s, long request, int hop) {
        s.busy++;
        double now = loop.nowMs();
        loop.at(now + s.work.millis(now), () -> workDone(request, hop));
    }

    private void workDone(long request, int hop) {
        int[] chain = routes.get((int) (request >>> 32)).chain();
        double now = loop.nowMs();
        if (hop < chain.length - 1) {
            loop.at(now, () -> arrive(request, hop + 1));
            return;
        }
        completions.get((int) (request >>> 32))[(int) request] = now;
        for (int h = chain.length - 1; h >= 0; h--) {
            Service s = services.get(chain[h]);
            s.busy--;
            long[] next = s.line.pollFirst();
            if (next != null) {
                start(s, next[0], (int) next[1]);
            }
        }
    }
}
