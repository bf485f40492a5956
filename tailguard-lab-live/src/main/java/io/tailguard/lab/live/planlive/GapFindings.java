package io.tailguard.lab.live.planlive;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

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
        StringBuilder text = new StringBuilder(scenario.label() + "'s limit, averaged over each measured span "
                + "(live from the proxy's /metrics every 100 ms; the plan's seeds' median):");
        for (GapRow r : rows) {
            if (r.scenario().equals(scenario.label())) {
                text.append(String.format(Locale.ROOT, " %sx live %.1f, plan %.1f;", GapTables.loadX(r.loadX()),
                        r.liveLimit(), r.planLimit()));
            }
        }
        return Optional.of(text.substring(0, text.length() - 1) + ".");
    }

    /**
     * Explains a saturated scenario's goodput gap: where the plan fills every worker, the live
     * goodput says how long each request held a worker in fact, against the model's mean.
     */
    private static Optional<String> saturated(Scenario scenario, List<GapRow> rows, double capacity, Duration hop) {
        if (scenario == Scenario.CLIENT_RATE) {
            return Optional.empty();
        }
        List<GapRow> full = rows.stream().filter(r -> r.scenario().equals(scenario.label()) && r.loadX() >= 2.0
                && r.planGoodput() >= 0.95 * capacity && r.liveGoodput() > 0).toList();
        if (full.isEmpty()) {
            return Optional.empty();
        }
        int workers = scenario.models().stream().mapToInt(m -> m.workers()).sum();
        double live = full.stream().mapToDouble(GapRow::liveGoodput).average().orElseThrow();
        double late = full.stream().mapToDouble(GapRow::backendLateMs).average().orElseThrow();
        double modelMs = 1000.0 * workers / capacity;
        double heldMs = 1000.0 * workers / live;
        double hopMs = hop.toNanos() / 1e6;
        return Optional.of(String.format(Locale.ROOT, "%s from 2x: live goodput %.1f/s where the plan "
                        + "serves %.0f %% of capacity, so each request held one of the %d workers %.1f ms against the "
                        + "model's mean %.1f ms and the plan's hop of %.3f ms: %.1f ms more, of which the backends' "
                        + "timers ended %.2f ms late; the rest is what the hop from a response through the proxy to "
                        + "the next forward costs under this load beyond its low-load cost, while the worker waits.",
                scenario.label(), live,
                100.0 * full.stream().mapToDouble(GapRow::planGoodput).average().orElseThrow() / capacity, workers,
                heldMs, modelMs, hopMs, heldMs - modelMs - hopMs, late));
    }
}
