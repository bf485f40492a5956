package io.tailguard.lab.live.planlive;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Thread-safe (stateless): the findings of a {@code lab plan-vs-live} run: per scenario, how many
 * loads meet the targets and the largest gaps, then what is known to differ between the plan and
 * the live run.
 */
final class GapFindings {

    private GapFindings() {
    }

    static List<String> of(List<Scenario> scenarios, List<GapRow> rows, Map<String, Double> capacities) {
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
            findings.add(String.format(Locale.ROOT, "%s (capacity %.1f requests/s, %s): goodput within target at %d "
                            + "of %d loads, largest gap %+.1f %% at %sx; p99 within target at %d of %d loads from 1x%s.",
                    scenario.label(), capacities.get(scenario.label()), String.join(" + ", scenario.services()),
                    mine.stream().filter(GapRow::goodputMet).count(), mine.size(), worstGoodput.goodputGapPercent(),
                    GapTables.loadX(worstGoodput.loadX()),
                    mine.stream().filter(r -> r.loadX() >= 1.0 && r.p99Met()).count(),
                    mine.stream().filter(r -> r.loadX() >= 1.0).count(),
                    worstP99 == null ? "" : String.format(Locale.ROOT, ", largest gap %+.1f ms at %sx",
                            worstP99.p99GapMillis(), GapTables.loadX(worstP99.loadX()))));
        }
        return findings;
    }
}
