package io.tailguard.lab.adaptive;

import java.util.List;

/**
 * Thread-safe (immutable) adversarial scenario: how long it runs, the offered load and the
 * service's slowdown over time, and the one disturbance it adds. Loads are multiples of the
 * service's nominal capacity; times are seconds of simulated time before {@code --scale}.
 *
 * @param name          short name, a CSV cell
 * @param seconds       length of the run
 * @param load          offered load at second t, as a multiple of the nominal capacity
 * @param slowdown      service-time multiplier at second t (1 = nominal)
 * @param stallAt       start of a 500 ms stall of every worker, or negative for none
 * @param luckyAt       second at which one request takes 0.1 ms, or negative for none
 * @param bimodal       true if service times are a cache hit/miss mixture rather than lognormal
 * @param errorsOver    concurrency above which the service fails requests at once, or 0 for never
 * @param events        seconds from which recovery is measured (a step, a stall's end)
 */
record AdaptiveScenario(String name, double seconds, Shape load, Shape slowdown, double stallAt,
                        double luckyAt, boolean bimodal, int errorsOver, List<Double> events) {

    /** Length of the stall in seconds. */
    static final double STALL_SECONDS = 0.5;
    /** Nominal offered load: 70 % of capacity. */
    static final double BASE = 0.7;

    /** A value over time (second → value). */
    interface Shape {
        double at(double second);

        static Shape constant(double value) {
            return second -> value;
        }
    }

    /** The scenarios of the default run, each a few lines. */
    static List<AdaptiveScenario> all() {
        return List.of(
                // 1x -> 3x -> 1x
                plain("step", 30, t -> t < 10 || t >= 20 ? BASE : 3 * BASE, List.of(10.0, 20.0)),
                // the service gets 2x slower over a minute, the load stays
                new AdaptiveScenario("capacity-loss", 90, Shape.constant(BASE),
                        t -> 1.0 + Math.min(1.0, Math.max(0.0, (t - 10) / 60.0)), -1, -1, false, 0, List.of()),
                // one response in 0.1 ms while the service is already overloaded 1.5x
                new AdaptiveScenario("lucky-sample", 30, Shape.constant(1.5), Shape.constant(1.0), -1, 5, false, 0,
                        List.of()),
                // cache hits and misses, overloaded 1.5x
                new AdaptiveScenario("bimodal", 30, Shape.constant(1.5), Shape.constant(1.0), -1, -1, true, 0,
                        List.of()),
                // every worker stops for 500 ms
                new AdaptiveScenario("stall", 30, Shape.constant(BASE), Shape.constant(1.0), 10, -1, false, 0,
                        List.of(10.0 + STALL_SECONDS)),
                // fast errors past 12 concurrent requests, overloaded 1.5x: drops carry no latency
                new AdaptiveScenario("errors", 30, Shape.constant(1.5), Shape.constant(1.0), -1, -1, false, 12,
                        List.of()),
                // steady 1.2x overload for 10 minutes: does the limit drift upward?
                plain("drift", 600, Shape.constant(1.2), List.of()));
    }

    private static AdaptiveScenario plain(String name, double seconds, Shape load, List<Double> events) {
        return new AdaptiveScenario(name, seconds, load, Shape.constant(1.0), -1, -1, false, 0, events);
    }

    /** Returns this scenario with every time multiplied by {@code scale}. */
    AdaptiveScenario scaled(double scale) {
        if (scale == 1.0) {
            return this;
        }
        Shape l = load;
        Shape s = slowdown;
        return new AdaptiveScenario(name, seconds * scale, t -> l.at(t / scale), t -> s.at(t / scale),
                stallAt < 0 ? stallAt : stallAt * scale, luckyAt < 0 ? luckyAt : luckyAt * scale, bimodal,
                errorsOver, events.stream().map(e -> e == 10.0 + STALL_SECONDS && stallAt >= 0
                        ? stallAt * scale + STALL_SECONDS : e * scale).toList());
    }
}
