package io.tailguard.sim.service;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Thread-safe (immutable) latency-by-load table of the RSocket lease demo ({@code CONCURRENCY_DELAY}),
 * for example {@code "10=>2;50=>5;120=>20;=>5000"}: the c-th request of a window waits a whole
 * number of milliseconds drawn uniformly from {@code [previous bound, bound)} of the first step
 * whose count is at least c. The last step has no count (everything above); a {@code 0 => 0} step
 * is implied. One table serves the simulated {@code lab leases} and the live test backend, so both
 * run the same service.
 */
public final class DelayTable {

    /** The demo's table. */
    public static final String DEMO = "10=>2;50=>5;120=>20;=>5000";

    private final int[] counts;
    private final int[] boundsMillis;
    private final String text;

    private DelayTable(int[] counts, int[] boundsMillis, String text) {
        this.counts = counts;
        this.boundsMillis = boundsMillis;
        this.text = text;
    }

    /**
     * Parses a table.
     *
     * @throws IllegalArgumentException "table must be steps 'count=>ms' separated by ';' ..."
     */
    public static DelayTable parse(String table) {
        return parse("table", table);
    }

    /**
     * Parses a table given as {@code name} (for example a command-line option), which the error
     * message names.
     *
     * @throws IllegalArgumentException "{@code name} must be steps 'count=>ms' separated by ';' ..."
     */
    public static DelayTable parse(String name, String table) {
        String usage = name + " must be steps 'count=>ms' separated by ';', counts increasing, the last "
                + "step without a count (e.g. " + DEMO + ") but was '" + table + "'";
        if (table == null || table.isBlank()) {
            throw new IllegalArgumentException(usage);
        }
        String[] steps = table.split(";");
        List<int[]> parsed = new ArrayList<>();
        int previousCount = 0;
        for (int i = 0; i < steps.length; i++) {
            String[] parts = steps[i].split("=>", -1);
            if (parts.length != 2) {
                throw new IllegalArgumentException(usage);
            }
            String count = parts[0].trim();
            boolean last = i == steps.length - 1;
            if (last != count.isEmpty()) {
                throw new IllegalArgumentException(usage);
            }
            try {
                int n = last ? Integer.MAX_VALUE : Integer.parseInt(count);
                int ms = Integer.parseInt(parts[1].trim());
                if (n <= previousCount || ms < 0) {
                    throw new IllegalArgumentException(usage);
                }
                previousCount = n;
                parsed.add(new int[] {n, ms});
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(usage);
            }
        }
        int[] counts = new int[parsed.size()];
        int[] bounds = new int[parsed.size()];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = parsed.get(i)[0];
            bounds[i] = parsed.get(i)[1];
        }
        return new DelayTable(counts, bounds, table.replace(" ", ""));
    }

    /** Returns the same bounds with every count halved: a server that saturates twice as early. */
    public DelayTable halved() {
        int[] half = new int[counts.length];
        for (int i = 0; i < half.length; i++) {
            half[i] = counts[i] == Integer.MAX_VALUE ? Integer.MAX_VALUE : Math.max(1, counts[i] / 2);
        }
        return new DelayTable(half, boundsMillis.clone(), text + " halved");
    }

    /** Returns the delay in milliseconds of the {@code count}-th request of a window. */
    public long delayMillis(int count, RandomGenerator random) {
        int previous = 0;
        for (int i = 0; i < counts.length; i++) {
            if (count <= counts[i]) {
                int bound = boundsMillis[i];
                return bound > previous ? random.nextInt(previous, bound) : previous;
            }
            previous = boundsMillis[i];
        }
        return previous;
    }

    @Override
    public String toString() {
        return text;
    }
}
