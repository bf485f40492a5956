package io.tailguard.lab.shaping;

import io.tailguard.sim.shaping.Gate;
import io.tailguard.sim.windowed.MillisHistogram;
import io.tailguard.sim.windowed.Server;
import io.tailguard.sim.windowed.SimEvents;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Not thread-safe: one gate in front of the series' server. Every request the gate releases is
 * served to completion (after the window too); its sojourn counts from its arrival, so time in a
 * shaper counts against the deadline.
 */
final class ShapingModel {

    private ShapingModel() {
    }

    static BurstRow run(double[] arrivalsMs, int burst, BiFunction<Integer, Gate.Release, Gate> gates, long windowMs) {
        Server server = new Server();
        MillisHistogram gateDelay = new MillisHistogram();
        MillisHistogram serverWait = new MillisHistogram();
        Map<Long, Integer> releasesByWindow = new HashMap<>();
        long[] counts = new long[3]; // rejected, good, late
        Gate gate = gates.apply(burst, (request, releaseMs) -> {
            double arrival = arrivalsMs[request];
            releasesByWindow.merge((long) Math.floor(releaseMs / 100), 1, Integer::sum);
            double finish = server.serve(releaseMs);
            gateDelay.recordRounded(releaseMs - arrival);
            serverWait.recordRounded(server.lastStart() - releaseMs);
            counts[Server.onTime(Server.sojourn(finish, arrival)) ? 1 : 2]++;
        });
        SimEvents.replay(arrivalsMs, i -> {
            if (!gate.offer(i, arrivalsMs[i])) {
                counts[0]++;
            }
        });
        gate.flush();
        long n = arrivalsMs.length;
        double seconds = windowMs / 1000.0;
        int peak = releasesByWindow.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        return new BurstRow(gate.label(), burst, n / seconds, counts[1] / seconds, Server.pct(counts[0], n, 0.0),
                Server.pct(counts[2], n, 0.0), gateDelay.percentile(99.0), serverWait.percentile(99.0), peak * 10.0);
    }

    /**
     * Releases per second of a fresh gate fed the whole stream, per 100 ms window in {@code [0, windowMs / 100)};
     * releases after the last window are dropped.
     */
    static double[] releaseRates(double[] arrivalsMs, int burst, BiFunction<Integer, Gate.Release, Gate> gates,
                                 long windowMs) {
        int windows = (int) (windowMs / 100);
        double[] rates = new double[windows];
        Gate gate = gates.apply(burst, (request, releaseMs) -> {
            long w = (long) Math.floor(releaseMs / 100);
            if (w < windows) {
                rates[(int) w] += 10.0;
            }
        });
        SimEvents.replay(arrivalsMs, i -> gate.offer(i, arrivalsMs[i]));
        gate.flush();
        return rates;
    }

    /** Arrivals per second per 100 ms window. */
    static double[] offeredRates(double[] arrivalsMs, long windowMs) {
        int windows = (int) (windowMs / 100);
        double[] rates = new double[windows];
        for (double t : arrivalsMs) {
            int w = (int) (t / 100);
            if (w < windows) {
                rates[w] += 10.0;
            }
        }
        return rates;
    }
}
