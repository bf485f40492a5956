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
import java.util.function.Function;

/**
 * Thread-safe (stateless) the live rows that share a balancer: one fleet, then per row the
 * backends restarted with the row's leases and one step of the demo's client — 1000 requests/s
 * open loop through the proxy, latency from each request's due time, so a stalled proxy or backend
 * shows instead of hiding (no coordinated omission). Consecutive rows with the same warm-up share
 * one load generator (its connections open once).
 */
final class LeasesLiveRun {

    /** The demo client's rate. */
    static final long OFFERED_RPS = 1000L;
    /**
     * Connections enough for the unbounded row: at 1000/s with delays up to 5 s (2.5 s on average
     * past the window's first 120) about 2,500 requests are outstanding at once, and one waiting
     * for a free connection would add that wait to its latency.
     */
    static final int UNBOUNDED_CONNECTIONS = 5000;
    /** Connections for leased rows: they accept a few hundred per second, most answered within 20 ms. */
    static final int LEASED_CONNECTIONS = 1000;
    /** A request not answered this long after its due time counts as a timeout (the slowest band ends at 5 s). */
    static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(10);

    private LeasesLiveRun() {
    }

    /**
     * Runs {@code rows} (one balancer): per row its warm-up of load not measured ({@code warmup}
     * gives it), then {@code duration} measured; {@code done} hears each finished row.
     */
    static List<LiveResult> run(List<LeaseRow> rows, Function<LeaseRow, Duration> warmup,
                                Duration duration, long seed, NanoClock clock, Consumer<LeaseRow> done) {
        List<LiveResult> results = new ArrayList<>();
        try (LiveFleet fleet = LiveFleet.start(rows.get(0), seed, clock)) {
            int from = 0;
            while (from < rows.size()) {
                Duration rowWarmup = warmup.apply(rows.get(from));
                int to = from + 1;
                while (to < rows.size() && warmup.apply(rows.get(to)).equals(rowWarmup)) {
                    to++;
                }
                List<LeaseRow> group = rows.subList(from, to);
                boolean unbounded = group.stream().anyMatch(r -> r.leased() >= LeaseRow.UNBOUNDED);
                LoadPlan plan = new LoadPlan(Target.parse("http://127.0.0.1:" + fleet.port() + "/"),
                        Collections.nCopies(group.size(), OFFERED_RPS), duration, rowWarmup, Arrivals.CONSTANT, seed,
                        unbounded ? UNBOUNDED_CONNECTIONS : LEASED_CONNECTIONS, 2, "GET", List.of(), null,
                        CLIENT_TIMEOUT);
                try (LoadGenerator generator = LoadGenerator.open(plan, clock)) {
                    for (int i = 0; i < group.size(); i++) {
                        if (from + i > 0) {
                            fleet.switchTo(group.get(i), seed);
                        }
                        results.add(LiveResult.of(group.get(i), generator.run(i, line -> { }, null)));
                        done.accept(group.get(i));
                    }
                }
                from = to;
            }
        }
        return results;
    }
}
