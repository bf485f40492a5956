package io.tailguard.lab.live.planlive;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * Thread-safe (stateless): the findings of a {@code lab plan-vs-live} run: per scenario, how many
 * loads meet the targets and the largest gaps, then what is known to differ between the plan and
 * the live run.
 */
final class GapFindings {

    private GapFindings() {
    }

    static List<String> of(List<Scenario> scenarios, List<GapRow> rows, Map<String, Double> capacities,
                           Duration hop) {
        List<String> findings = new ArrayList<>();
        long met = rows.stream().filter(r -> r.goodputMet() && r.p99Met()).count();
        findings.add(String.format(Locale.ROOT, "%d of %d scenario loads meet both targets (goodput within %.0f %% "
                        + "of live; p99 within %.0f %% or %.0f ms from 1x). Live runs on this machine's shared cores; "
                        + "the plan is deterministic.", met, rows.size(), 100 * GapRow.GOODPUT_TARGET,
                100 * GapRow.P99_TARGET, GapRow.P99_FLOOR_MS));
        for (Scenario scenario : scenarios) {
            List<GapRow> mine = rows.stream().filter(r -> r.scenario().equals(scenario.label())).toList();
            if (mine.isEmpty()) {
                continue;
            }
            GapRow worstGoodput = mine.stream().filter(r -> !Double.isNaN(r.goodputGapPercent()))
                    .max(Comparator.comparingDouble(r -> Math.abs(r.goodputGapPercent()))).orElse(mine.get(0));
            GapRow worstP99 = mine.stream().filter(r -> r.loadX() >= 1.0 && !Double.isNaN(r.p99GapMillis()))
                    .max(Comparator.comparingDouble(r -> Math.abs(r.p99GapMillis()))).orElse(null);
            findings.add(String.format(Locale.ROOT, "%s (capacity %.1f requests/s, %s): goodput within target "
                            + "at %d of %d loads, largest gap %+.1f %% at %sx; p99 within target at %d of %d loads "
                            + "from 1x%s.",
                    scenario.label(), capacities.get(scenario.label()), String.join(" + ", scenario.services()),
                    mine.stream().filter(GapRow::goodputMet).count(), mine.size(), worstGoodput.goodputGapPercent(),
                    GapTables.loadX(worstGoodput.loadX()),
                    mine.stream().filter(r -> r.loadX() >= 1.0 && r.p99Met()).count(),
                    mine.stream().filter(r -> r.loadX() >= 1.0).count(),
                    worstP99 == null ? "" : String.format(Locale.ROOT, ", largest gap %+.1f ms at %sx",
                            worstP99.p99GapMillis(), GapTables.loadX(worstP99.loadX()))));
        }
        for (Scenario scenario : scenarios) {
            adaptive(scenario, rows).ifPresent(findings::add);
        }
        for (Scenario scenario : scenarios) {
            saturated(scenario, rows, capacities.get(scenario.label()), hop).ifPresent(findings::add);
        }
        findings.add("Not modelled and not used here: leases (the plan's backends grant none), Redis rates (the "
                + "plan keeps them local) and route choice (one route per scenario). The live generator resets a "
                + "request's connection at its timeout, found by a sweep every 10 ms; the plan's client "
                + "leaves at its patience exactly.");
        return findings;
    }

    /**
     * Puts an adaptive limit's live mean (from the proxy's {@code /metrics}) beside the plan's at each
     * load: both sides feed it the same samples, so where they part the samples differ.
     */
    private static Optional<String> adaptive(Scenario scenario, List<GapRow> rows) {
        if (!scenario.adaptive()) {
            return Optional.empty();
        }
        StringBuilder text = new StringBuilder(scenario.label() + "'s limit over each measured span, sampled "
                + "every 100 ms (live from the proxy's /metrics; the plan's seeds' medians), as mean / tenth "
                + "percentile / decreases per second:");
        for (GapRow r : rows) {
            if (r.scenario().equals(scenario.label())) {
                text.append(String.format(Locale.ROOT, " %sx live %.1f / %.0f / %.1f, plan %.1f / %.0f / %.1f;",
                        GapTables.loadX(r.loadX()), r.liveLimit().mean(), r.liveLimit().lowDecile(),
                        r.liveLimit().decreasesPerSecond(), r.planLimit().mean(), r.planLimit().lowDecile(),
                        r.planLimit().decreasesPerSecond()));
            }
        }
        return Optional.of(text.substring(0, text.length() - 1) + ".");
    }

    /**
     * Explains a saturated scenario's goodput gap: where the plan fills every worker, the live
     * backends' own counters say how each request's worker time went: drawn service, a timer ending
     * it late, and idleness while the proxy turned one response into the next forward.
     */
    private static Optional<String> saturated(Scenario scenario, List<GapRow> rows, double capacity, Duration hop) {
        if (scenario == Scenario.CLIENT_RATE) {
            return Optional.empty();
        }
        List<GapRow> full = rows.stream().filter(r -> r.scenario().equals(scenario.label()) && r.loadX() >= 2.0
                && r.planGoodput() >= 0.95 * capacity && r.liveGoodput() > 0 && !Double.isNaN(r.backendIdleMs()))
                .toList();
        if (full.isEmpty()) {
            return Optional.empty();
        }
        int workers = scenario.models().stream().mapToInt(m -> m.workers()).sum();
        double live = full.stream().mapToDouble(GapRow::liveGoodput).average().orElseThrow();
        return Optional.of(String.format(Locale.ROOT, "%s from 2x: live goodput %.1f/s where the plan serves "
                        + "%.1f/s (%.0f %% of capacity). Per request served, the live backends drew %.2f ms of service "
                        + "(the model's mean %.2f ms), their timers ended it %.2f ms late, and a worker stood idle "
                        + "%.2f ms: with work always waiting, that is the proxy's turnaround from one response to the "
                        + "next forward, against the plan's hop of %.3f ms.",
                scenario.label(), live,
                mean(full, GapRow::planGoodput), 100.0 * mean(full, GapRow::planGoodput) / capacity,
                mean(full, GapRow::backendServiceMs), 1000.0 * workers / capacity, mean(full, GapRow::backendLateMs),
                mean(full, GapRow::backendIdleMs), hop.toNanos() / 1e6));
    }

    private static double mean(List<GapRow> rows, ToDoubleFunction<GapRow> field) {
        return rows.stream().mapToDouble(field).average().orElseThrow();
    }
}
