package io.tailguard.lab.live.overload;

import io.tailguard.lab.Durations;
import io.tailguard.sim.path.PathSimulation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Thread-safe (stateless) findings of a {@code lab live-overload} run, computed from its rows: the
 * targets (tailguard's goodput at 10x at least 90 % of capacity, its p99 of successes under the
 * client timeout), the incumbents at the highest load as measured, and at each load how far the
 * simulated twin's goodput and p99 are from the live {@code tailguard-fixed}, and why.
 */
final class OverloadFindings {

    /** The share of capacity tailguard's goodput must keep at the highest load. */
    static final double GOODPUT_TARGET = 0.9;

    private OverloadFindings() {
    }

    static List<String> of(List<OverloadRow> rows, OverloadPlan plan) {
        List<String> findings = new ArrayList<>();
        double top = plan.loads().get(plan.loads().size() - 1);
        double timeoutMs = plan.clientTimeout().toNanos() / 1e6;
        findings.add(String.format(Locale.ROOT, "Backend: %d workers x %s service time = capacity %.0f requests/s; "
                        + "client timeout %s; HAProxy's and tailguard's queue timeout %s; tailguard cap %d, CoDel "
                        + "queue of %d; %s measured per load after %s of warm-up.",
                plan.workers(), Durations.format(plan.serviceTime()), plan.capacityRps(),
                Durations.format(plan.clientTimeout()), Durations.format(plan.queueTimeout()), plan.workers(),
                plan.tailguardQueue(), Durations.format(plan.duration()), Durations.format(plan.warmup())));
        for (OverloadRow r : rows) {
            if (r.source().equals(OverloadRow.LIVE) && r.loadX() == top && r.setup().startsWith("tailguard")) {
                boolean goodput = r.goodputShare() >= GOODPUT_TARGET;
                boolean p99 = !Double.isNaN(r.p99Ms()) && r.p99Ms() < timeoutMs;
                findings.add(String.format(Locale.ROOT, "Target, %s at %sx: goodput %.1f requests/s = %.1f %% of "
                                + "capacity (target >= %.0f %%: %s); p99 of successes %s (target < %.0f ms: %s).",
                        r.setup(), OverloadTables.loadX(top), r.goodputRps(), 100 * r.goodputShare(),
                        100 * GOODPUT_TARGET, goodput ? "met" : "MISSED", ms(r.p99Ms()),
                        timeoutMs, p99 ? "met" : "MISSED"));
            }
        }
        StringBuilder incumbents = new StringBuilder("At ").append(OverloadTables.loadX(top))
                .append("x capacity, as measured:");
        for (OverloadRow r : rows) {
            if (r.source().equals(OverloadRow.LIVE) && r.loadX() == top) {
                incumbents.append(String.format(Locale.ROOT, " %s goodput %.1f/s (%.0f %%), p99 %s, shed %.1f/s, "
                                + "errors and timeouts %.1f/s%s;", r.setup(), r.goodputRps(), 100 * r.goodputShare(),
                        ms(r.p99Ms()), r.shedRps(), r.errorRps(),
                        Double.isNaN(r.rssMb()) ? "" : String.format(Locale.ROOT, ", RSS %.1f MiB", r.rssMb())));
            }
        }
        findings.add(incumbents.toString());
        findings.addAll(simulatorGap(rows, plan));
        return findings;
    }

    /** One finding per load: the simulated twin beside the live tailguard-fixed, then why they differ. */
    static List<String> simulatorGap(List<OverloadRow> rows, OverloadPlan plan) {
        List<String> gaps = new ArrayList<>();
        for (double x : plan.loads()) {
            Optional<OverloadRow> live = find(rows, OverloadRow.LIVE, x);
            Optional<OverloadRow> sim = find(rows, OverloadRow.SIM, x);
            if (live.isEmpty() || sim.isEmpty()) {
                continue;
            }
            OverloadRow l = live.get();
            OverloadRow s = sim.get();
            gaps.add(String.format(Locale.ROOT, "Simulator vs live, tailguard-fixed at %sx (%d requests/s): goodput "
                            + "sim %.1f vs live %.1f requests/s (sim %s); p99 of successes sim %s vs live %s ms "
                            + "(sim %s ms); shed sim %.1f vs live %.1f/s.",
                    OverloadTables.loadX(x), l.offeredRps(), s.goodputRps(), l.goodputRps(),
                    percent(s.goodputRps(), l.goodputRps()), OverloadTables.number(s.p99Ms()),
                    OverloadTables.number(l.p99Ms()), signed(s.p99Ms() - l.p99Ms()), s.shedRps(), l.shedRps()));
        }
        if (!gaps.isEmpty()) {
            gaps.add("Why they differ: the simulator runs the file the live proxy reads through the proxy's own "
                    + "mapping to the core decision path (the same CoDel queue, places, queue timeout and cap), as "
                    + "tailguard plan does, and its backend serves exactly " + Durations.format(plan.serviceTime())
                    + " after the plan's hop of " + PathSimulation.DEFAULT_HOP + " per forward, and nothing else. "
                    + "Live, a permit is held for the service time plus the proxy-to-backend round trip under this "
                    + "load, the backend's timer (late by up to a millisecond or more on two shared cores) and the "
                    + "proxy's event loop, so the cap of " + plan.workers() + " serves somewhat fewer requests a "
                    + "second than the twin: near 1x the live queue grows and CoDel sheds where the simulator sheds "
                    + "less, and live goodput sits under the simulated one at overloaded loads. "
                    + "The twin's arrivals and service are perfectly periodic, so its CoDel queue settles at a "
                    + "request or two; live requests are due on the same exact schedule but reach the proxy "
                    + "through the generator's two event loops and a shared machine, irregularly, and CoDel lets "
                    + "a queue stand for up to one interval (100 ms) before it drops: most of the p99 gap between "
                    + "1x and 5x. Live latencies also add the client's two loopback hops; at low load the p99 "
                    + "carries the proxy JVM's just-in-time compilation too (the warm-up is short). In both, a "
                    + "client leaves at the client timeout and its queued request is withdrawn.");
        }
        return gaps;
    }

    /**
     * Returns how long a live permit of {@code tailguard-fixed} was really held at the highest load:
     * cap / live goodput (the cap is kept full there), if that row exists and served anything.
     */
    static Optional<Duration> effectiveService(List<OverloadRow> rows, OverloadPlan plan) {
        double top = plan.loads().get(plan.loads().size() - 1);
        return find(rows, OverloadRow.LIVE, top).filter(r -> r.goodputRps() > 0)
                .map(r -> Duration.ofNanos(Math.round(plan.workers() * 1e9 / r.goodputRps())));
    }

    /** The simulator with Poisson arrivals and the live permit time, beside the live run, load by load. */
    static Optional<String> check(List<OverloadRow> rows, List<OverloadRow> jittered, OverloadPlan plan) {
        Optional<Duration> held = effectiveService(rows, plan);
        if (held.isEmpty() || jittered.isEmpty()) {
            return Optional.empty();
        }
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "Check of that reading: the simulator "
                + "again with Poisson arrivals (seeded) and the time a live permit was held at the highest load "
                + "(cap / live goodput = %.3f ms instead of %s), against live tailguard-fixed:",
                held.get().toNanos() / 1e6, Durations.format(plan.serviceTime())));
        for (OverloadRow j : jittered) {
            find(rows, OverloadRow.LIVE, j.loadX()).ifPresent(l -> text.append(String.format(Locale.ROOT,
                    " %sx goodput %.1f vs live %.1f/s, p99 %s vs live %s;", OverloadTables.loadX(j.loadX()),
                    j.goodputRps(), l.goodputRps(), ms(j.p99Ms()), ms(l.p99Ms()))));
        }
        return Optional.of(text.toString());
    }

    private static Optional<OverloadRow> find(List<OverloadRow> rows, String source, double x) {
        return rows.stream().filter(r -> r.source().equals(source) && r.setup().equals("tailguard-fixed")
                && r.loadX() == x).findFirst();
    }

    /** {@code +1.2 %} of sim relative to live; {@code n/a} when live is 0. */
    static String percent(double sim, double live) {
        return live == 0 ? "n/a" : String.format(Locale.ROOT, "%+.1f %%", 100 * (sim - live) / live);
    }

    private static String ms(double v) {
        return Double.isNaN(v) ? "n/a (no success)" : OverloadTables.number(v) + " ms";
    }

    private static String signed(double v) {
        return Double.isNaN(v) ? "n/a" : String.format(Locale.ROOT, "%+.3f", v);
    }
}
