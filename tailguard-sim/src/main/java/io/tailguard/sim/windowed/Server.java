package io.tailguard.sim.windowed;

/**
 * Not thread-safe: the series' single FIFO server, tracked by one number, the time the last
 * admitted request finishes ({@code busyUntil}). Times are milliseconds as doubles, the published
 * model's unit, so every comparison it makes on them gives the same answer here.
 */
public final class Server {

    /** Fixed service time of one request, milliseconds. */
    public static final double SERVICE_MS = 10.0;
    /** The client's deadline, milliseconds: a sojourn up to this is on time. */
    public static final long DEADLINE_MS = 200;
    /** Requests the server finishes per second. */
    public static final double CAPACITY_RPS = 1000.0 / SERVICE_MS;
    /** Little's-law budget: the requests in the system when it runs at capacity within the deadline. */
    public static final int LITTLE_BUDGET = (int) Math.round(CAPACITY_RPS * DEADLINE_MS / 1000.0);

    private double busyUntil;
    private double lastStart;

    /**
     * Requests in the system ahead of an arrival at {@code nowMs}: the one in service plus those
     * waiting, {@code ceil((busyUntil - now) / 10)}, 0 when the server is idle.
     */
    public long occupancyAhead(double nowMs) {
        return busyUntil <= nowMs ? 0 : (long) Math.ceil((busyUntil - nowMs) / SERVICE_MS);
    }

    /** Queues a request released to the server at {@code releaseMs}; returns when it finishes. */
    public double serve(double releaseMs) {
        lastStart = Math.max(releaseMs, busyUntil);
        busyUntil = lastStart + SERVICE_MS;
        return busyUntil;
    }

    /** When the request last passed to {@link #serve} starts its service. */
    public double lastStart() {
        return lastStart;
    }

    /** Sojourn of a request that arrived at {@code arrivalMs} and finished at {@code finishMs}: whole ms, at least the service time. */
    public static long sojourn(double finishMs, double arrivalMs) {
        return Math.max((long) SERVICE_MS, Math.round(finishMs - arrivalMs));
    }

    /** {@code 100 × part / whole}, or {@code empty} when {@code whole} is 0. */
    public static double pct(long part, long whole, double empty) {
        return whole == 0 ? empty : 100.0 * part / whole;
    }

    /** Whether a whole-millisecond sojourn met the deadline. */
    public static boolean onTime(long sojournMs) {
        return sojournMs <= DEADLINE_MS;
    }
}
