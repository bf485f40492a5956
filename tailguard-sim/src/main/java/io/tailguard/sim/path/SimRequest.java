package io.tailguard.sim.path;

import io.tailguard.path.LocalAnswer;
import io.tailguard.path.Ticket;

/** Not thread-safe: one simulated client's request and what became of it. */
final class SimRequest {

    final long arrivalNanos;
    final long patienceNanos;
    /** True if it arrived after the warm-up: only these are counted. */
    final boolean measured;
    Ticket<SimRequest> ticket;
    /** Its attempts' jobs by attempt number, grown as attempts are forwarded. */
    Job[] jobs = new Job[2];
    boolean left;
    boolean delivered;
    LocalAnswer answer;

    SimRequest(long arrivalNanos, long patienceNanos, boolean measured) {
        this.arrivalNanos = arrivalNanos;
        this.patienceNanos = patienceNanos;
        this.measured = measured;
    }

    boolean finished() {
        return delivered || answer != null || left;
    }

    void put(int attempt, Job job) {
        if (attempt >= jobs.length) {
            Job[] grown = new Job[Math.max(attempt + 1, jobs.length * 2)];
            System.arraycopy(jobs, 0, grown, 0, jobs.length);
            jobs = grown;
        }
        jobs[attempt] = job;
    }
}
