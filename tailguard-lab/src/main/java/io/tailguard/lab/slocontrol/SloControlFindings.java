package io.tailguard.lab.slocontrol;

import io.tailguard.sim.windowed.Server;
import io.tailguard.sim.windowed.ArrivalShape;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Thread-safe (stateless) findings of an SLO load-control run, computed from its rows. */
final class SloControlFindings {

    private SloControlFindings() {
    }

    static List<String> of(List<SloControlModel> blind, List<SloControlModel> priority, SloControlModel blindBursts, SloControlModel priorityBursts,
                           ArrivalShape traffic, long seed) {
        List<String> findings = new ArrayList<>();
        int[] levels = SloLoadControlExperiment.OFFERED_RPS;
        int lastMet = -1;
        for (int i = 0; i < levels.length; i++) {
            if (priority.get(i).critical.successPct() >= SloLoadControlExperiment.SLO_PCT) {
                lastMet = i;
            } else {
                break;
            }
        }
        double ceiling = Server.CAPACITY_RPS / SloControlModel.CRITICAL_SHARE;
        String held = lastMet < 0 ? "at no level"
                : String.format(Locale.ROOT, "up to %d rps (%.1f %%)", levels[lastMet],
                        priority.get(lastMet).critical.successPct());
        int at300 = indexOf(levels, 300);
        boolean publishedHolds = at300 >= 0 && priority.get(at300).critical.successPct() >= SloLoadControlExperiment.SLO_PCT;
        findings.add(String.format(Locale.ROOT, "With seed %d and %s arrivals, the priority door kept critical success "
                + "at or above the %.0f %% objective %s; the protection ceiling is %.0f rps (capacity / critical share). "
                + "The published claim that the objective holds to 300 rps %s in this run.", seed, traffic.label(),
                SloLoadControlExperiment.SLO_PCT, held, ceiling, publishedHolds ? "holds" : "does not hold"));
        int at200 = indexOf(levels, 200);
        if (at200 >= 0) {
            SloControlModel b = blind.get(at200);
            findings.add(String.format(Locale.ROOT, "A blind door treats both classes alike: at 200 rps critical %.1f %% "
                    + "and background %.1f %% succeed; the priority door moves the loss onto background (%.1f %%) with "
                    + "the same total goodput (%.1f vs %.1f rps).", b.critical.successPct(), b.background.successPct(),
                    priority.get(at200).background.successPct(), b.goodputRps(), priority.get(at200).goodputRps()));
        }
        double blindMin = 100;
        double priorityMin = 100;
        for (int w = 0; w < blindBursts.critical.offeredByWindow.length; w++) {
            blindMin = Math.min(blindMin, blindBursts.critical.successPct(w));
            priorityMin = Math.min(priorityMin, priorityBursts.critical.successPct(w));
        }
        findings.add(String.format(Locale.ROOT, "Under bursts the worst 100 ms window of critical success was %.1f %% "
                + "behind the blind door and %.1f %% behind the priority door.", blindMin, priorityMin));
        return findings;
    }

    private static int indexOf(int[] levels, int rps) {
        for (int i = 0; i < levels.length; i++) {
            if (levels[i] == rps) {
                return i;
            }
        }
        return -1;
    }
}
