package io.tailguard.lab.backpressure;

import io.tailguard.sim.Simulation;
import io.tailguard.sim.arrival.ArrivalSource;
import java.time.Duration;
import java.util.Locale;

/**
 * Thread-safe (immutable) pacing of the published model, kept exactly: {@code incoming} requests
 * per "second", arrival k at {@code k × max(1, 1000 / incoming)} whole milliseconds,
 * {@code incoming × seconds} arrivals, and a snapshot after every {@code incoming} arrivals. The
 * whole-millisecond spacing means the rate that runs is {@code 1000 / spacing}, not always
 * {@code incoming}: 400 rps is spaced 2 ms (500 rps) and 20 000 rps 1 ms (1000 rps), so a
 * snapshot is not always one simulated second (300 rps gives 900 ms, 400 rps 800 ms).
 *
 * @param incoming requests per published "second", {@code 20 × concurrency}
 * @param seconds  whole seconds of the published run, at least 1
 */
record PublishedPacing(int incoming, long seconds) implements Pacing {

    /** Arrival spacing in whole milliseconds. */
    long spacingMillis() {
        return Math.max(1, 1000 / incoming);
    }

    /** Total arrivals. */
    long total() {
        return (long) incoming * seconds;
    }

    @Override
    public Simulation.Builder applyTo(Simulation.Builder builder) {
        return builder.arrivals(ArrivalSource.constant(Duration.ofMillis(spacingMillis()))).maxArrivals(total());
    }

    @Override
    public double expectedArrivals() {
        return total();
    }

    @Override
    public int windowOf(long id, long arrivalNanos) {
        return (int) (id / incoming);
    }

    @Override
    public int windowCount(int opened) {
        return opened;
    }

    /** The published lab labels a snapshot with the second of its last arrival, capped at the run. */
    @Override
    public String elapsed(int index, long lastArrivalNanos) {
        return Long.toString(Math.min(seconds, lastArrivalNanos / 1_000_000_000L + 1));
    }

    /** A snapshot spans {@code incoming} arrivals, {@code incoming × spacing} ms. */
    @Override
    public double endSeconds(int index) {
        return (index + 1L) * incoming * spacingMillis() / 1e3;
    }

    /** The published lab divides by one "second", whatever the snapshot spanned. */
    @Override
    public double throughput(int index, long accepted) {
        return accepted;
    }

    @Override
    public double offeredRps() {
        return 1000.0 / spacingMillis();
    }

    @Override
    public String describe() {
        long spanMillis = total() * spacingMillis();
        return String.format(Locale.ROOT, "Snapshots: %d arrivals %d ms apart over %s s, cut every %d arrivals as "
                + "published; elapsed_s is the second of a snapshot's last arrival, throughput_rps its accepted count.",
                total(), spacingMillis(), seconds(spanMillis), incoming);
    }

    private static String seconds(long millis) {
        return millis % 1000 == 0 ? Long.toString(millis / 1000) : String.format(Locale.ROOT, "%.3f", millis / 1e3);
    }
}
