package io.tailguard.lab.queuesaturation;

import java.util.List;
import java.util.Locale;

/** Thread-safe (stateless) findings of a queue-saturation run, computed from its rows. */
final class SaturationFindings {

    private SaturationFindings() {
    }

    /** Where p99 first leaves twice the service time, and what that says about the arrivals. */
    static String knee(List<SaturationLevel.Row> rows, SaturationArrivals arrivals) {
        SaturationLevel.Row knee = null;
        for (SaturationLevel.Row r : rows) {
            if (r.p99() > 2 * SaturationLevel.SERVICE_MS) {
                knee = r;
                break;
            }
        }
        SaturationLevel.Row last = rows.get(rows.size() - 1);
        String head = knee == null
                ? String.format(Locale.ROOT, "p99 stays within twice the %d ms service time at every level.",
                        SaturationLevel.SERVICE_MS)
                : String.format(Locale.ROOT, "p99 leaves twice the %d ms service time at utilisation %.2f (%d ms); "
                        + "at %.2f it is %d ms.", SaturationLevel.SERVICE_MS, knee.utilization(), knee.p99(),
                        last.utilization(), last.p99());
        if (arrivals == SaturationArrivals.CONSTANT) {
            return head + " Evenly spaced arrivals never wait below full load.";
        }
        return head + (knee != null && knee.utilization() < 1.0 ? " Random arrivals wait well below full load."
                : " No queueing below full load in this run.");
    }

    /** How far the published "measured L" is from λW, above saturation. */
    static String littlesLaw(List<SaturationLevel.Row> rows) {
        double worst = 0;
        SaturationLevel.Row at = rows.get(0);
        for (SaturationLevel.Row r : rows) {
            if (r.errorPct() > worst) {
                worst = r.errorPct();
                at = r;
            }
        }
        return String.format(Locale.ROOT, "The published \"measured L\" (those waiting ahead at each arrival) is "
                + "at most %.1f %% off λW, at utilisation %.2f (%.3f vs %.3f): it leaves out the one in service.",
                worst, at.utilization(), at.computedL(), at.avgDepth());
    }
}
