package io.tailguard.cli.plan;

import io.tailguard.cli.UsageException;
import io.tailguard.sim.path.BackendModel;
import io.tailguard.sim.path.ConcurrencyDelay;
import io.tailguard.sim.service.ServiceModel;

/**
 * Thread-safe (immutable): one {@code --service} description, {@code POOL: workers=N, time=DIST}
 * for every backend of a pool, or {@code POOL/BACKEND: ...} for one (BACKEND is its
 * {@code host:port} as the config lists it, or its index from 0); optional {@code slowdown=TABLE}
 * (the lease demo's table, by concurrency) and {@code refused=SHARE} (connections refused).
 *
 * @param pool    the pool's name
 * @param backend the backend as written, or null for every backend of the pool
 * @param model   what each backend it names does
 */
record ServiceText(String pool, String backend, BackendModel model) {

    static final String USAGE = "--service must be 'POOL: workers=N, time=DIST' with optional slowdown=TABLE and "
            + "refused=SHARE (or 'POOL/BACKEND: ...' for one backend)";

    static ServiceText parse(String text) {
        String t = text == null ? "" : text.trim();
        int firstEquals = t.indexOf('=');
        int colon = firstEquals < 0 ? -1 : t.lastIndexOf(':', firstEquals);
        if (colon <= 0) {
            throw new UsageException(USAGE + " but was '" + t + "'");
        }
        String head = t.substring(0, colon).trim();
        int slash = head.indexOf('/');
        String pool = slash < 0 ? head : head.substring(0, slash).trim();
        String backend = slash < 0 ? null : head.substring(slash + 1).trim();
        if (pool.isEmpty() || (backend != null && backend.isEmpty())) {
            throw new UsageException(USAGE + " but was '" + t + "'");
        }
        Integer workers = null;
        ServiceModel time = null;
        ConcurrencyDelay slowdown = null;
        double refused = 0.0;
        for (String field : DistributionText.splitTopLevel(t.substring(colon + 1))) {
            int eq = field.indexOf('=');
            if (eq < 0) {
                throw new UsageException(USAGE + " but '" + field + "' in '" + t + "' is not KEY=VALUE");
            }
            String key = field.substring(0, eq).trim();
            String value = field.substring(eq + 1).trim();
            switch (key) {
                case "workers" -> workers = workers(value, t);
                case "time" -> time = DistributionText.parse("--service time", value);
                case "slowdown" -> slowdown = slowdown(value);
                case "refused" -> refused = share(value, t);
                default -> throw new UsageException(USAGE + " but '" + key + "' in '" + t
                        + "' is not one of workers, time, slowdown, refused");
            }
        }
        if (workers == null || time == null) {
            throw new UsageException(USAGE + " but '" + t + "' lacks " + (workers == null ? "workers" : "time"));
        }
        return new ServiceText(pool, backend, new BackendModel(workers, time, slowdown, refused));
    }

    private static int workers(String value, String text) {
        try {
            int n = Integer.parseInt(value);
            if (n >= 1 && n <= 1_000_000) {
                return n;
            }
        } catch (NumberFormatException notANumber) {
            // answered below with the same message as a number out of range
        }
        throw new UsageException("--service workers must be an integer from 1 to 1000000 but was '" + value
                + "' in '" + text + "'");
    }

    private static ConcurrencyDelay slowdown(String value) {
        try {
            return ConcurrencyDelay.parse(value);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--service " + e.getMessage());
        }
    }

    private static double share(String value, String text) {
        try {
            double share = Double.parseDouble(value);
            if (share >= 0.0 && share <= 1.0) {
                return share;
            }
        } catch (NumberFormatException notANumber) {
            // answered below
        }
        throw new UsageException("--service refused must be a share from 0 to 1 but was '" + value + "' in '"
                + text + "'");
    }
}
