package io.tailguard.lab.admission;

import io.tailguard.sim.windowed.Server;
import io.tailguard.sim.windowed.ArrivalShape;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Thread-safe (stateless) findings of an admission-control run, computed from its rows. */
final class AdmissionFindings {

    private AdmissionFindings() {
    }

    static List<String> of(List<AdmissionRow> sweep, List<AdmissionRow> open, List<AdmissionRow> limited,
                           ArrivalShape traffic) {
        AdmissionRow best = sweep.get(0);
        AdmissionRow budget = null;
        AdmissionRow none = sweep.get(sweep.size() - 1);
        for (AdmissionRow r : sweep) {
            if (r.goodputRps() > best.goodputRps()) {
                best = r;
            }
            if (r.limit() == Server.LITTLE_BUDGET) {
                budget = r;
            }
        }
        List<String> findings = new ArrayList<>();
        String verdict = best.limit() == Server.LITTLE_BUDGET
                ? "the published conclusion (the Little's-law budget is the sweet spot) holds in this run"
                : String.format(Locale.ROOT, "the published sweet spot moved: limit %s beat the budget's %.1f rps",
                        best.limitLabel(), budget.goodputRps());
        findings.add(String.format(Locale.ROOT, "Under bursty demand (%.1f rps offered, %s arrivals), the best limit "
                + "was %s with %.1f rps goodput and p99 %d ms; without a limit goodput was %.1f rps (p99 %d ms). "
                + "Little's law gives %d (%.0f rps x %d ms): %s.", none.offeredRps(), traffic.label(), best.limitLabel(),
                best.goodputRps(), best.p99Ms(), none.goodputRps(), none.p99Ms(), Server.LITTLE_BUDGET,
                Server.CAPACITY_RPS, Server.DEADLINE_MS, verdict));
        AdmissionRow topOpen = open.get(open.size() - 1);
        AdmissionRow topLimited = limited.get(limited.size() - 1);
        double low = limited.stream().filter(r -> r.offeredRps() > Server.CAPACITY_RPS)
                .mapToDouble(AdmissionRow::goodputRps).min().orElse(Double.NaN);
        findings.add(String.format(Locale.ROOT, "Against constant demand past capacity, the limit held goodput between "
                + "%.1f and %.1f rps with p99 at most %d ms, rejecting %.1f %% at %.1f rps offered; without it goodput "
                + "fell to %.1f rps.", low, topLimited.goodputRps(),
                limited.stream().mapToLong(AdmissionRow::p99Ms).max().orElse(0), topLimited.rejectPct(),
                topLimited.offeredRps(), topOpen.goodputRps()));
        return findings;
    }
}
