package io.tailguard.lab.live.leases;

import io.tailguard.load.Arrivals;
import io.tailguard.load.LoadGenerator;
import io.tailguard.load.LoadPlan;
import io.tailguard.load.Target;
import io.tailguard.time.NanoClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;

/**
 * Thread-safe (stateless) the live rows that share a balancer: one fleet and one load generator
 * (its connections open once), then per row the backends restarted with the row's leases and one
 * step of the demo's client — 1000 requests/s open loop through the proxy, latency from each
 * request's due time, so a stalled proxy or backend shows instead of hiding (no coordinated
 * omission).
 */
final class LiveRun {

    /** The demo client's rate. */
    static final long OFFERED_RPS = 1000L;
    /**
     * Connections enough for the unbounded row: at 1000/s with delays up to 5 s (2.5 s on average
     * past the window's first 120) about 2,500 requests are outstanding at once, and one waiting
     * for a free connection would add that wait to its latency.
     */
    static final int CONNECTIONS = 5000;
    /** A request not answered this long after its due time counts as a timeout (the slowest band ends at 5 s). */
    static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(10);

    private LiveRun() {
    }

    /**
     * Runs {@code rows} (one balancer): {@code warmup} of load not measured, then {@code duration}
     * measured, per row; {@code done} hears each finished row.
     */
    static List<LiveResult> run(List<LeaseRow> rows, Duration warmup, Duration duration, long seed, NanoClock clock,
                                Consumer<LeaseRow> done) {
        List<LiveResult> results = new ArrayList<>();
        try (LiveFleet fleet = LiveFleet.start(rows.get(0), seed, clock)) {
            LoadPlan plan = new LoadPlan(Target.parse("http://127.0.0.1:" + fleet.port() + "/"),
                    Collections.nCopies(rows.size(), OFFERED_RPS), duration, warmup, Arrivals.CONSTANT, seed,
                    CONNECTIONS, 2, "GET", List.of(), null, CLIENT_TIMEOUT);
            try (LoadGenerator generator = LoadGenerator.open(plan, clock)) {
                for (int i = 0; i < rows.size(); i++) {
                    if (i > 0) {
                        fleet.switchTo(rows.get(i), seed);
                    }
                    results.add(LiveResult.of(rows.get(i), generator.run(i, line -> { }, null)));
                    done.accept(rows.get(i));
                }
            }
        }
        return results;
    }
}
