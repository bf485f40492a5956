package io.tailguard.sim.path;

import io.tailguard.sim.service.DistributionText;
import io.tailguard.sim.service.ServiceModel;
import java.util.function.ToDoubleFunction;

/**
 * Thread-safe (immutable): one {@code --service} description, {@code POOL: workers=N, time=DIST}
 * for every backend of a pool, or {@code POOL/BACKEND: ...} for one (BACKEND is its
 * {@code host:port} as the config lists it, or its index from 0); optional {@code slowdown=TABLE}
 * (the lease demo's table, by concurrency) and {@code refused=SHARE} (connections refused).
 * {@code tailguard plan} reads the whole form, {@code tailguard backend} the part after the colon
 * ({@link #parseModel}), so a live backend and a planned one come from the same text.
 *
 * @param pool    the pool's name
 * @param backend the backend as written, or null for every backend of the pool
 * @param model   what each backend it names does
 */
public record ServiceText(String pool, String backend, BackendModel model) {

    static final String USAGE = "--service must be 'POOL: workers=N, time=DIST' with optional slowdown=TABLE and "
            + "refused=SHARE (or 'POOL/BACKEND: ...' for one backend)";

    static final String MODEL_USAGE = "--service must be 'workers=N, time=DIST' with optional slowdown=TABLE and "
            + "refused=SHARE";

    /**
     * Parses {@code POOL: workers=N, time=DIST, ...} or {@code POOL/BACKEND: ...}.
     *
     * @throws IllegalArgumentException "--service must be 'POOL: workers=N, time=DIST' ... but was 'x'"
     */
    public static ServiceText parse(String text) {
        String t = text == null ? "" : text.trim();
        int firstEquals = t.indexOf('=');
        int colon = firstEquals < 0 ? -1 : t.lastIndexOf(':', firstEquals);
        if (colon <= 0) {
            throw new IllegalArgumentException(USAGE + " but was '" + t + "'");
        }
        String head = t.substring(0, colon).trim();
        int slash = head.indexOf('/');
        String pool = slash < 0 ? head : head.substring(0, slash).trim();
        String backend = slash < 0 ? null : head.substring(slash + 1).trim();
        if (pool.isEmpty() || (backend != null && backend.isEmpty())) {
            throw new IllegalArgumentException(USAGE + " but was '" + t + "'");
        }
        return new ServiceText(pool, backend, fields(t.substring(colon + 1), t, USAGE));
    }

    /**
     * Parses the fields alone, {@code workers=N, time=DIST, ...}: one backend's model.
     *
     * @throws IllegalArgumentException "--service must be 'workers=N, time=DIST' ... but was 'x'"
     */
    public static BackendModel parseModel(String text) {
        String t = text == null ? "" : text.trim();
        if (t.isEmpty()) {
            throw new IllegalArgumentException(MODEL_USAGE + " but was ''");
        }
        return fields(t, t, MODEL_USAGE);
    }

    private static BackendModel fields(String fields, String t, String usage) {
        Integer workers = null;
        ServiceModel time = null;
        ConcurrencyDelay slowdown = null;
        double refused = 0.0;
        for (String field : DistributionText.splitTopLevel(fields)) {
            int eq = field.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException(usage + " but '" + field + "' in '" + t + "' is not KEY=VALUE");
            }
            String key = field.substring(0, eq).trim();
            String value = field.substring(eq + 1).trim();
            switch (key) {
                case "workers" -> workers = workers(value, t);
                case "time" -> time = DistributionText.parse("--service time", value);
                case "slowdown" -> slowdown = slowdown(value);
                case "refused" -> refused = share(value, t);
                default -> throw new IllegalArgumentException(usage + " but '" + key + "' in '" + t
                        + "' is not one of workers, time, slowdown, refused");
            }
        }
        if (workers == null || time == null) {
            throw new IllegalArgumentException(usage + " but '" + t + "' lacks " + (workers == null ? "workers" : "time"));
        }
        return new BackendModel(workers, time, slowdown, refused);
    }

    private static int workers(String value, String text) {
        return (int) number(value, Integer::parseInt, 1, 1_000_000, "workers must be an integer from 1 to 1000000", text);
    }

    private static ConcurrencyDelay slowdown(String value) {
        try {
            return ConcurrencyDelay.parse(value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--service " + e.getMessage(), e);
        }
    }

    private static double share(String value, String text) {
        return number(value, Double::parseDouble, 0.0, 1.0, "refused must be a share from 0 to 1", text);
    }

    /**
     * Returns {@code value} read by {@code parse} if it reads and lies in [{@code min}, {@code max}];
     * otherwise throws "--service MUST but was 'value' in 'text'", the same message for a value that
     * does not read as for one out of range.
     */
    private static double number(String value, ToDoubleFunction<String> parse, double min, double max, String must,
            String text) {
        try {
            double n = parse.applyAsDouble(value);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException notANumber) {
            // answered below with the same message as a number out of range
        }
        throw new IllegalArgumentException("--service " + must + " but was '" + value + "' in '" + text + "'");
    }
}
