package io.tailguard.sim.path;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Thread-safe (immutable) slowdown with concurrency, written as the lease demo's table, for example
 * {@code "10=>2;50=>5;120=>20;=>5000"}: a request that starts while c requests are in service on
 * its backend (itself included) takes a whole number of milliseconds more than its drawn service
 * time, drawn uniformly from {@code [previous bound, bound)} of the first step whose count is at
 * least c. The last step has no count (everything above); a {@code 0 => 0} step is implied.
 */
public final class ConcurrencyDelay {

    private final int[] counts;
    private final int[] boundsMillis;
    private final String text;

    private ConcurrencyDelay(int[] counts, int[] boundsMillis, String text) {
        this.counts = counts;
        this.boundsMillis = boundsMillis;
        this.text = text;
    }

    /**
     * Parses a table.
     *
     * @throws IllegalArgumentException "slowdown must be steps 'count=>ms' separated by ';' ..."
     */
    public static ConcurrencyDelay parse(String table) {
        String usage = "slowdown must be steps 'count=>ms' separated by ';', counts increasing, the last step "
                + "without a count (e.g. 10=>2;50=>5;120=>20;=>5000) but was '" + table + "'";
        if (table == null || table.isBlank()) {
            throw new IllegalArgumentException(usage);
        }
        String[] steps = table.split(";");
        List<int[]> parsed = new ArrayList<>();
        int previousCount = 0;
        int previousMillis = 0;
        for (int i = 0; i < steps.length; i++) {
            String[] parts = steps[i].split("=>", -1);
            boolean last = i == steps.length - 1;
            if (parts.length != 2 || last != parts[0].isBlank()) {
                throw new IllegalArgumentException(usage);
            }
            try {
                int count = last ? Integer.MAX_VALUE : Integer.parseInt(parts[0].trim());
                int millis = Integer.parseInt(parts[1].trim());
                if (count <= previousCount || millis < previousMillis) {
                    throw new IllegalArgumentException(usage);
                }
                previousCount = count;
                previousMillis = millis;
                parsed.add(new int[] {count, millis});
            } catch (NumberFormatException notANumber) {
                throw new IllegalArgumentException(usage);
            }
        }
        int[] counts = new int[parsed.size()];
        int[] bounds = new int[parsed.size()];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = parsed.get(i)[0];
            bounds[i] = parsed.get(i)[1];
        }
        return new ConcurrencyDelay(counts, bounds, table.trim());
    }

    /** Returns the extra nanoseconds a request takes when it starts as the {@code concurrency}-th in service. */
    public long extraNanos(int concurrency, RandomGenerator random) {
        int lower = 0;
        for (int i = 0; i < counts.length; i++) {
            if (concurrency <= counts[i]) {
                int upper = boundsMillis[i];
                long millis = upper <= lower ? lower : lower + random.nextInt(upper - lower);
                return millis * 1_000_000L;
            }
            lower = boundsMillis[i];
        }
        return lower * 1_000_000L;
    }

    @Override
    public String toString() {
        return text;
    }
}
