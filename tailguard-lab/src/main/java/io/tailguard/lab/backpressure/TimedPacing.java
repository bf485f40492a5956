package io.tailguard.lab.backpressure;

import io.tailguard.sim.Simulation;
import io.tailguard.sim.arrival.ArrivalSource;
import java.util.Locale;

/**
 * Thread-safe (immutable) pacing of every workload but the published one: arrivals at the
 * workload's {@link OfferedRate} for exactly its duration, cut into windows of the snapshot
 * interval by arrival time.
 *
 * @param workload the traffic
 */
record TimedPacing(Workload workload) implements Pacing {

    /** Most snapshot windows a run may have. */
    static final int MAX_WINDOWS = 100_000;

    @Override
    public Simulation.Builder applyTo(Simulation.Builder builder) {
        return builder.arrivals(ArrivalSource.phased(new OfferedRate(workload),
                workload.arrivals() != Workload.Arrivals.CONSTANT)).horizon(workload.duration());
    }

    @Override
    public double expectedArrivals() {
        double seconds = workload.durationNanos() / 1e9;
        // Poisson counts scatter; 20 % of headroom keeps a borderline run from being refused by chance
        return workload.incoming() * seconds * (workload.arrivals() == Workload.Arrivals.CONSTANT ? 1 : 1.2);
    }

    @Override
    public int windowOf(long id, long arrivalNanos) {
        return (int) (arrivalNanos / workload.windowNanos());
    }

    @Override
    public int windowCount(int opened) {
        return (int) ((workload.durationNanos() + workload.windowNanos() - 1) / workload.windowNanos());
    }

    /** The end of the window in seconds, whole when it is. */
    @Override
    public String elapsed(int index, long lastArrivalNanos) {
        long endNanos = endNanos(index);
        return endNanos % 1_000_000_000L == 0 ? Long.toString(endNanos / 1_000_000_000L)
                : String.format(Locale.ROOT, "%.3f", endNanos / 1e9);
    }

    @Override
    public double endSeconds(int index) {
        return endNanos(index) / 1e9;
    }

    @Override
    public double throughput(int index, long accepted) {
        long lengthNanos = endNanos(index) - (long) index * workload.windowNanos();
        return accepted * 1e9 / lengthNanos;
    }

    @Override
    public double offeredRps() {
        return workload.incoming();
    }

    @Override
    public String describe() {
        return String.format(Locale.ROOT, "Snapshots: %s of arrivals in windows of %s by arrival time; elapsed_s is "
                + "a window's end, throughput_rps its accepted requests per second.", seconds(workload.durationNanos()),
                seconds(workload.windowNanos()));
    }

    private long endNanos(int index) {
        return Math.min((long) (index + 1) * workload.windowNanos(), workload.durationNanos());
    }

    private static String seconds(long nanos) {
        return nanos % 1_000_000_000L == 0 ? nanos / 1_000_000_000L + " s"
                : String.format(Locale.ROOT, "%.3f s", nanos / 1e9);
    }
}
