package io.tailguard.sim.path;

/** Not thread-safe: one attempt of a request on one simulated backend. */
final class Job {

    static final int WAITING = 0;
    static final int SERVING = 1;
    static final int DONE = 2;

    final SimRequest request;
    final int attempt;
    final SimBackend backend;
    int state = WAITING;
    boolean cancelled;
    long serviceNanos;

    Job(SimRequest request, int attempt, SimBackend backend) {
        this.request = request;
        this.attempt = attempt;
        this.backend = backend;
    }
}
