package io.tailguard.lab;

/**
 * Thread-safe (immutable): the groups {@code tailguard lab list} prints experiments under. The
 * first three are the published lab's series; the last holds tailguard's own experiments (the RSocket
 * lease demo, the hedging article, and every live run).
 */
public enum LabSeries {
    LATENCY("Latency (the published lab's first series)"),
    BACKPRESSURE("Backpressure (the published lab's second series)"),
    FAILURE("Failure propagation (the published lab's third series)"),
    TAILGUARD("tailguard's own experiments");

    private final String heading;

    LabSeries(String heading) {
        this.heading = heading;
    }

    /** Returns the heading {@code lab list} prints above this series' experiments. */
    public String heading() {
        return heading;
    }
}
