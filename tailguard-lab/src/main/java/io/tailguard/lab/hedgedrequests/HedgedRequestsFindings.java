package io.tailguard.lab.hedgedrequests;

import java.util.List;
import java.util.Locale;

/** Thread-safe (stateless) findings of a hedged-requests run, computed from its cost rows. */
final class HedgedRequestsFindings {

    private HedgedRequestsFindings() {
    }

    static String describe(HedgedRequestsModel.Hedged baseline, List<HedgedRequestsModel.Hedged> runs,
                           HedgedRequestsModel.DelayMode mode) {
        HedgedRequestsModel.Hedged best = runs.get(0);
        StringBuilder each = new StringBuilder();
        for (HedgedRequestsModel.Hedged h : runs) {
            each.append(String.format(Locale.ROOT, "%s%s %d ms (+%.1f %%)", each.length() == 0 ? "" : ", ",
                    h.threshold().label(), h.p99(), h.extraLoadPct()));
            if (h.p99() < best.p99() || (h.p99() == best.p99() && h.extraLoadPct() < best.extraLoadPct())) {
                best = h;
            }
        }
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "Best hedge: after %d ms (%s), p99 %d to "
                + "%d ms for %.1f %% extra attempts. p99 by hedge delay: %s.", best.thresholdMs(),
                best.threshold().label(), baseline.p99(), best.p99(), best.extraLoadPct(), each));
        if (mode == HedgedRequestsModel.DelayMode.ROLLING) {
            text.append(" Delays learned online by the core hedger from the last 1000 calls.");
        }
        return text.toString();
    }
}
