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
                ? String.format(Locale.ROOT, "p99 stayed within twice the %d ms service time at every level.",
                        SaturationLevel.SERVICE_MS)
                : String.format(Locale.ROOT, "p99 first passed twice the %d ms service time at utilisation %.2f "
                        + "(%d ms); at %.2f it was %d ms with a mean sojourn of %.1f ms.", SaturationLevel.SERVICE_MS,
                        knee.utilization(), knee.p99(), last.utilization(), last.p99(), last.meanSojournMs());
        if (arrivals == SaturationArrivals.CONSTANT) {
            return head + " Evenly spaced arrivals never wait below full load, so the published curve is flat "
                    + "up to 1.00 and then a cliff; run --arrivals poisson for the knee that random traffic has.";
        }
        return head + (knee != null && knee.utilization() < 1.0
                ? " With random arrivals waiting starts well below full load: the published flat line up to 1.00 "
                        + "does not survive them."
                : " Even with random arrivals this run saw no queueing below full load; try a longer --duration.");
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
        return String.format(Locale.ROOT, "The published \"measured L\" counts only those waiting ahead at each "
                + "arrival (the one in service excluded), averaged over arrivals, while λW uses the whole sojourn; "
                + "the largest gap was %.1f %% at utilisation %.2f (λW %.3f vs %.3f). That gap is the definition, "
                + "not a failure of Little's law.", worst, at.utilization(), at.computedL(), at.avgDepth());
    }
}
