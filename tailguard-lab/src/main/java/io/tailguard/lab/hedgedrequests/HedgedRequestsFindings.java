package io.tailguard.lab.hedgedrequests;

import java.util.List;
import java.util.Locale;

/** Thread-safe (stateless) findings of a hedged-requests run, computed from its cost rows. */
final class HedgedRequestsFindings {

    private HedgedRequestsFindings() {
    }

    static String describe(HedgedRequestsModel.Hedged baseline, List<HedgedRequestsModel.Hedged> runs,
                           HedgedRequestsModel.DelayMode mode) {
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "Without hedging p99 was %d ms.",
                baseline.p99()));
        HedgedRequestsModel.Hedged best = runs.get(0);
        for (HedgedRequestsModel.Hedged h : runs) {
            text.append(String.format(Locale.ROOT, " Hedging after %d ms (%s): p99 %d ms for %.1f %% extra attempts.",
                    h.thresholdMs(), h.threshold().label(), h.p99(), h.extraLoadPct()));
            if (h.p99() < best.p99() || (h.p99() == best.p99() && h.extraLoadPct() < best.extraLoadPct())) {
                best = h;
            }
        }
        text.append(String.format(Locale.ROOT, " The best trade here is %s.", best.threshold().label()));
        HedgedRequestsModel.Hedged p99 = runs.get(runs.size() - 1);
        if (p99.p99() >= baseline.p99()) {
            text.append(" Hedging at the p99 cannot lower the p99: the requests it would rescue are the ones it "
                    + "waits for.");
        }
        text.append(mode == HedgedRequestsModel.DelayMode.IN_SAMPLE
                ? " The delays are percentiles of this run's own first attempts, known before it starts, and "
                        + "the second attempt is an independent draw that loads no server: run --hedge-delay "
                        + "rolling for what the core hedger learns online, and --seeds for the spread."
                : " The core hedger learned each delay from the last 1000 calls as they ended (no hedging for "
                        + "the first 100); the delay column shows where it ended.");
        return text.toString();
    }
}
