package io.tailguard.sim.service;

import io.tailguard.config.Check;
import java.util.random.RandomGenerator;

/**
 * Thread-safe saturable service of the RSocket lease demo: each admitted request waits the delay
 * its rank in the current window gives in a {@link DelayTable}. Despite the demo's name for it
 * ({@code CONCURRENCY_DELAY}) the demo counts requests admitted since the window opened, not
 * requests running; a window opens at the first request one window length or more after the
 * previous one opened. The simulated {@code lab leases} and the live test backend both run this
 * class, so live and simulated rows share one service.
 */
public final class SaturableService {

    private final DelayTable table;
    private final long windowNanos;
    private final RandomGenerator random;
    private long windowStartNanos;
    private boolean started;
    private int count;

    /** Creates a service on {@code table} with windows of {@code windowNanos}, drawing from {@code random}. */
    public SaturableService(DelayTable table, long windowNanos, RandomGenerator random) {
        this.table = Check.notNull("table", table);
        this.windowNanos = Check.positive("windowNanos", windowNanos);
        this.random = Check.notNull("random", random);
    }

    /** Counts a request admitted at {@code nowNanos} and returns how many milliseconds it takes. */
    public synchronized long admit(long nowNanos) {
        if (!started || nowNanos - windowStartNanos >= windowNanos) {
            started = true;
            windowStartNanos = nowNanos;
            count = 0;
        }
        count++;
        return table.delayMillis(count, random);
    }

    /** Returns the table. */
    public DelayTable table() {
        return table;
    }
}
