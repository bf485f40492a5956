package io.tailguard.lab.leases;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * Thread-safe (immutable) saturation model of the RSocket lease demo's {@code CONCURRENCY_DELAY}
 * property, for example {@code "10 => 2; 50 => 5; 120 => 20; => 5000"}: the c-th request accepted
 * in the current window waits a whole number of milliseconds drawn uniformly from
 * {@code [previous bound, bound)} of the first step whose threshold is at least c. The last step
 * has no threshold; a {@code 0 => 0} step is implied.
 */
final class ConcurrencyDelay {

    /** The demo's default table. */
    static final String DEMO = "10 => 2; 50 => 5; 120 => 20; => 5000";

    private final int[] thresholds;
    private final int[] boundsMillis;

    private ConcurrencyDelay(int[] thresholds, int[] boundsMillis) {
        this.thresholds = thresholds;
        this.boundsMillis = boundsMillis;
    }

    /** Parses a table; the last step must have no threshold. */
    static ConcurrencyDelay parse(String table) {
        String[] steps = table.split(";");
        List<int[]> parsed = new ArrayList<>();
        for (int i = 0; i < steps.length; i++) {
            String[] parts = steps[i].split("=>");
            if (parts.length != 2) {
                throw new IllegalArgumentException(
                        "table must have steps 'n => ms' separated by ';' but was " + table);
            }
            String threshold = parts[0].trim();
            boolean last = i == steps.length - 1;
            if (last != threshold.isEmpty()) {
                throw new IllegalArgumentException(
                        "table must end with one '=> ms' step without threshold but was " + table);
            }
            int count = last ? Integer.MAX_VALUE : Integer.parseInt(threshold);
            parsed.add(new int[] {count, Integer.parseInt(parts[1].trim())});
        }
        int[] thresholds = new int[parsed.size()];
        int[] bounds = new int[parsed.size()];
        for (int i = 0; i < thresholds.length; i++) {
            thresholds[i] = parsed.get(i)[0];
            bounds[i] = parsed.get(i)[1];
        }
        return new ConcurrencyDelay(thresholds, bounds);
    }

    /** Returns the same bounds with every threshold halved: the server saturates twice as early. */
    ConcurrencyDelay halved() {
        int[] half = new int[thresholds.length];
        for (int i = 0; i < half.length; i++) {
            half[i] = thresholds[i] == Integer.MAX_VALUE ? Integer.MAX_VALUE : thresholds[i] / 2;
        }
        return new ConcurrencyDelay(half, boundsMillis.clone());
    }

    /** Returns the delay in milliseconds of the {@code count}-th request of a window. */
    long delayMillis(int count, RandomGenerator random) {
        int previous = 0;
        for (int i = 0; i < thresholds.length; i++) {
            if (count <= thresholds[i]) {
                int bound = boundsMillis[i];
                return bound > previous ? random.nextInt(previous, bound) : previous;
            }
            previous = boundsMillis[i];
        }
        return previous;
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < thresholds.length; i++) {
            if (i > 0) {
                out.append("; ");
            }
            if (thresholds[i] != Integer.MAX_VALUE) {
                out.append(thresholds[i]).append(' ');
            }
            out.append(String.format(Locale.ROOT, "=> %d", boundsMillis[i]));
        }
        return out.toString();
    }
}
