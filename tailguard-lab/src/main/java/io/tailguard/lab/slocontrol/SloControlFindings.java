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
        findings.add(String.format(Locale.ROOT, "With seed %d and %s arrivals the priority door keeps critical requests "
                + "at the %.0f %% objective %s (ceiling %.0f rps).", seed, traffic.label(),
                SloLoadControlExperiment.SLO_PCT, held, ceiling));
        int at200 = indexOf(levels, 200);
        if (at200 >= 0) {
            SloControlModel b = blind.get(at200);
            findings.add(String.format(Locale.ROOT, "At 200 rps the blind door serves critical %.1f %% and background "
                    + "%.1f %%; priority moves the loss to background (%.1f %%) at the same goodput (%.1f vs %.1f rps).",
                    b.critical.successPct(), b.background.successPct(), priority.get(at200).background.successPct(),
                    b.goodputRps(), priority.get(at200).goodputRps()));
        }
        double blindMin = 100;
        double priorityMin = 100;
        for (int w = 0; w < blindBursts.critical.offeredByWindow.length; w++) {
            blindMin = Math.min(blindMin, blindBursts.critical.successPct(w));
            priorityMin = Math.min(priorityMin, priorityBursts.critical.successPct(w));
        }
        findings.add(String.format(Locale.ROOT, "Worst 100 ms burst window for critical requests: blind %.1f %%, "
                + "priority %.1f %%.", blindMin, priorityMin));
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
