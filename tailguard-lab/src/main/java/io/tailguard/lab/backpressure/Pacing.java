package io.tailguard.lab.backpressure;

import io.tailguard.sim.Simulation;

/**
 * Thread-safe (immutable) layout of one run's arrivals and how they are cut into snapshots. The
 * published model's rules ({@link PublishedPacing}) and the timed windows of every other workload
 * ({@link TimedPacing}) live here and nowhere else: the experiment, the recorder and the tables ask
 * the pacing instead of asking which model runs.
 */
sealed interface Pacing permits PublishedPacing, TimedPacing {

    /** Configures the builder's arrivals and end. */
    Simulation.Builder applyTo(Simulation.Builder builder);

    /** Arrivals the run is expected to offer, to refuse runs too large to finish within seconds. */
    double expectedArrivals();

    /** Snapshot that request {@code id}, which arrived at {@code arrivalNanos}, counts in. */
    int windowOf(long id, long arrivalNanos);

    /** Snapshots to report when {@code opened} were opened by arrivals (empty trailing ones included). */
    int windowCount(int opened);

    /** The {@code elapsed_s} cell of snapshot {@code index}, last arrival at {@code lastArrivalNanos}. */
    String elapsed(int index, long lastArrivalNanos);

    /** Simulated time at which snapshot {@code index} ends, in seconds: its place on a chart's time axis. */
    double endSeconds(int index);

    /** The {@code throughput_rps} cell of a snapshot that admitted {@code accepted}. */
    double throughput(int index, long accepted);

    /** The offered rate that really ran, in requests per second (may differ from the nominal one). */
    double offeredRps();

    /** A paragraph for the report: how the snapshots are cut and what their elapsed_s column means. */
    String describe();
}
