package io.tailguard.sim.path;

import io.tailguard.sim.service.DelayTable;
import java.util.random.RandomGenerator;

/**
 * Thread-safe (immutable) slowdown with concurrency, written as the lease demo's {@link DelayTable},
 * for example {@code "10=>2;50=>5;120=>20;=>5000"}: a request that starts while c requests are in
 * service on its backend (itself included) takes the table's delay for c more than its drawn
 * service time. Where the demo counts the requests of a window, this counts those in service.
 */
public final class ConcurrencyDelay {

    private final DelayTable table;

    private ConcurrencyDelay(DelayTable table) {
        this.table = table;
    }

    /**
     * Parses a table.
     *
     * @throws IllegalArgumentException "slowdown must be steps 'count=>ms' separated by ';' ..."
     */
    public static ConcurrencyDelay parse(String table) {
        return new ConcurrencyDelay(DelayTable.parse("slowdown", table));
    }

    /** Returns the extra nanoseconds a request takes when it starts as the {@code concurrency}-th in service. */
    public long extraNanos(int concurrency, RandomGenerator random) {
        return table.delayMillis(concurrency, random) * 1_000_000L;
    }

    @Override
    public String toString() {
        return table.toString();
    }
}
