package io.tailguard.sim.path;

/** Not thread-safe: one attempt of a request on one simulated backend. */
final class Job {

    final SimRequest request;
    final int attempt;
    final SimBackend backend;
    boolean cancelled;
    /** True once the backend took it: in its line or in service. */
    boolean accepted;
    long serviceNanos;

    Job(SimRequest request, int attempt, SimBackend backend) {
        this.request = request;
        this.attempt = attempt;
        this.backend = backend;
    }
}
