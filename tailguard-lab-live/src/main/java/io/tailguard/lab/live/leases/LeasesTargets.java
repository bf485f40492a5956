package io.tailguard.lab.live.leases;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Thread-safe (stateless) the findings of {@code lab leases --live}: each row of the demo's table
 * (the RSocket lease demo's own client figures, per second over three servers) checked against the
 * targets — static 100 and 30 within 5 % of the demo's accepted and rejected rates and under twice
 * its p99; 9999 saturated (p99 in seconds, nothing rejected); adaptive at least 330 accepted/s with
 * p99 under 25 ms plus the proxy's measured overhead (the static 30 row's live p99 minus its
 * simulated p99: the same service, so the difference is sockets, proxy and scheduling).
 */
final class LeasesTargets {

    /** The demo's table: leased requests → accepted/s, rejected/s, p99 ms. */
    static final Map<Integer, double[]> DEMO = Map.of(9999, new double[] {974, 0, 4877}, 100,
            new double[] {300, 700, 19}, 30, new double[] {90, 910, 4});
    static final double RATE_TOLERANCE = 0.05;
    static final double P99_FACTOR = 2.0;
    static final double ADAPTIVE_MIN_ACCEPTED = 330.0;
    static final double ADAPTIVE_P99_MS = 25.0;
    /** A p99 at or above this is a saturated service (the slowest band is 20 to 5000 ms). */
    static final double SATURATED_P99_MS = 1_000.0;

    private LeasesTargets() {
    }

    static List<String> findings(List<LiveResult> live, Map<String, SimRow> sim, boolean heterogeneous) {
        List<String> findings = new ArrayList<>();
        if (heterogeneous) {
            findings.add(heterogeneous(live));
            return findings;
        }
        double overhead = overheadMs(live, sim);
        for (LiveResult r : live) {
            findings.add(check(r, overhead));
        }
        double behind = live.stream().mapToDouble(LiveResult::behindMs).max().orElse(0.0);
        findings.add(String.format(Locale.ROOT, "Latencies are from each request's due time and include the load "
                + "generator's own lateness: it released requests up to %.1f ms after their due time. The machine's "
                + "load while the rows ran shows there, and in the proxy overhead above.", behind));
        return findings;
    }

    /** The static 30 row's p99, live minus simulated; 0 if it is missing. */
    static double overheadMs(List<LiveResult> live, Map<String, SimRow> sim) {
        for (LiveResult r : live) {
            SimRow s = sim.get(r.row().key());
            if (r.row().policy() == LeaseRow.Policy.STATIC && r.row().leased() == 30 && s != null) {
                return Math.max(0.0, r.p99Ms() - s.p99Ms());
            }
        }
        return 0.0;
    }

    /** Returns "meets" or "misses" with the figures, for one row. */
    static String check(LiveResult r, double overheadMs) {
        LeaseRow row = r.row();
        if (row.policy() == LeaseRow.Policy.ADAPTIVE) {
            double limit = ADAPTIVE_P99_MS + overheadMs;
            boolean ok = r.acceptedRps() >= ADAPTIVE_MIN_ACCEPTED && r.p99Ms() < limit;
            return String.format(Locale.ROOT, "adaptive (target 20 ms): %s the target — %.1f accepted/s (at least "
                    + "%.0f), p99 %.1f ms (under 25 ms + %.1f ms proxy overhead = %.1f ms).", verdict(ok),
                    r.acceptedRps(), ADAPTIVE_MIN_ACCEPTED, r.p99Ms(), overheadMs, limit);
        }
        double[] demo = DEMO.get(row.leased());
        if (row.leased() == 9999) {
            boolean ok = r.p99Ms() >= SATURATED_P99_MS && r.rejectedRps() < 1.0;
            return String.format(Locale.ROOT, "static 9999: %s the target (saturates as in the demo) — %.1f accepted/s "
                    + "and %.1f rejected/s (demo %.0f and %.0f), p99 %.1f ms (demo %.0f).", verdict(ok), r.acceptedRps(),
                    r.rejectedRps(), demo[0], demo[1], r.p99Ms(), demo[2]);
        }
        boolean accepted = within(r.acceptedRps(), demo[0]);
        boolean rejected = within(r.rejectedRps(), demo[1]);
        boolean p99 = r.p99Ms() < P99_FACTOR * demo[2];
        return String.format(Locale.ROOT, "static %d: %s the target — %.1f accepted/s (demo %.0f, %s), %.1f "
                + "rejected/s (demo %.0f, %s), p99 %.1f ms (demo %.0f, under %.0f: %s).", row.leased(),
                verdict(accepted && rejected && p99), r.acceptedRps(), demo[0], gap(r.acceptedRps(), demo[0]),
                r.rejectedRps(), demo[1], gap(r.rejectedRps(), demo[1]), r.p99Ms(), demo[2], P99_FACTOR * demo[2],
                p99 ? "yes" : "no");
    }

    private static String heterogeneous(List<LiveResult> live) {
        StringBuilder text = new StringBuilder("Third backend saturating at 60 per window, p99 of accepted requests "
                + "per balancer:");
        for (LiveResult r : live) {
            text.append(String.format(Locale.ROOT, " %s %.1f ms at %.1f accepted/s;", r.row().label(), r.p99Ms(),
                    r.acceptedRps()));
        }
        return text.substring(0, text.length() - 1) + ".";
    }

    static boolean within(double measured, double demo) {
        return Math.abs(measured - demo) <= RATE_TOLERANCE * demo;
    }

    private static String gap(double measured, double demo) {
        return String.format(Locale.ROOT, "%+.1f %%", 100.0 * (measured - demo) / demo);
    }

    private static String verdict(boolean ok) {
        return ok ? "meets" : "misses";
    }
}
