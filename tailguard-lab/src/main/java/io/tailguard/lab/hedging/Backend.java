package io.tailguard.lab.hedging;

import java.util.concurrent.CompletableFuture;

/** Not thread-safe simulated backend: one attempt per call, driven by a virtual scheduler. */
interface Backend {

    /** Sends one attempt; cancelling the future abandons it (what that saves depends on the backend). */
    CompletableFuture<Object> attempt();

    /** Share of the backend's capacity that was busy until {@code endNanos}, in percent; NaN if unbounded. */
    double utilizationPct(long endNanos);
}
