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
        findings.add(String.format(Locale.ROOT, "Under bursts (%.1f rps, %s arrivals) the best limit is %s: %.1f rps "
                + "goodput, p99 %d ms; Little's law gives %d%s. Without a limit: %.1f rps, p99 %d ms.",
                none.offeredRps(), traffic.label(), best.limitLabel(), best.goodputRps(), best.p99Ms(),
                Server.LITTLE_BUDGET, best.limit() == Server.LITTLE_BUDGET ? ""
                        : String.format(Locale.ROOT, " (%.1f rps)", budget.goodputRps()),
                none.goodputRps(), none.p99Ms()));
        AdmissionRow topOpen = open.get(open.size() - 1);
        AdmissionRow topLimited = limited.get(limited.size() - 1);
        double low = limited.stream().filter(r -> r.offeredRps() > Server.CAPACITY_RPS)
                .mapToDouble(AdmissionRow::goodputRps).min().orElse(Double.NaN);
        findings.add(String.format(Locale.ROOT, "Past capacity the limit holds goodput at %.1f to %.1f rps (p99 at most "
                + "%d ms, %.1f %% rejected at %.1f rps); without it goodput falls to %.1f rps.", low,
                topLimited.goodputRps(), limited.stream().mapToLong(AdmissionRow::p99Ms).max().orElse(0),
                topLimited.rejectPct(), topLimited.offeredRps(), topOpen.goodputRps()));
        return findings;
    }
}
