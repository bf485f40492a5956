package io.tailguard.sim.path;

/** Not thread-safe: one attempt of a request on one simulated backend. */
final class Job {

    final SimRequest request;
    final int attempt;
    final SimBackend backend;
    boolean cancelled;
    long serviceNanos;

    Job(SimRequest request, int attempt, SimBackend backend) {
        this.request = request;
        this.attempt = attempt;
        this.backend = backend;
    }
}
