package io.tailguard.lab.cascade;

import io.tailguard.lab.failure.Arrivals;
import io.tailguard.lab.failure.MillisClockLoop;
import io.tailguard.lab.failure.OwnWork;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Not thread-safe one run of the cascade model: requests walk a chain of services, taking a worker at
 * each hop when their work there starts and keeping it until the leaf finishes (synchronous calls);
 * then every hop is released from the leaf back to the first, each release starting the head of that
 * service's unbounded FIFO line. Events run on the simulator's loop through {@link MillisClockLoop}.
 */
final class CascadeModel {

    /** Not thread-safe service: a worker count, its own-work function, a busy count and a FIFO line. */
    static final class Service {
        final String name;
        final int workers;
        final OwnWork work;
        int busy;
        final ArrayDeque<long[]> line = new ArrayDeque<>();

        Service(String name, int workers, OwnWork work) {
            this.name = name;
            this.workers = workers;
            this.work = work;
        }
    }

    /** A route: a chain of services and an arrival rate. */
    record Route(String name, int[] chain, double ratePerSecond) {
    }

    final List<Service> services;
    final List<Route> routes;
    final MillisClockLoop loop;
    final List<double[]> arrivals = new ArrayList<>();
    final List<double[]> completions = new ArrayList<>();
    final int[][] queueSamples;

    CascadeModel(List<Service> services, List<Route> routes, double durationMs, int windows, double sampleEveryMs,
            Arrivals pattern, long seed) {
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
    CascadeModel run() {
        loop.run();
        return this;
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
