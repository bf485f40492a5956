package io.tailguard.lab.slopolicy;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** Thread-safe (stateless) findings of an SLO-policy run, computed from its summaries. */
final class SloPolicyFindings {

    private SloPolicyFindings() {
    }

    static String describe(List<SloPolicyModel.Summary> summaries, SloPolicyModel.Mix mix, long thresholdMs) {
        List<SloPolicyModel.Summary> ranked = summaries.stream()
                .sorted(Comparator.comparingDouble(SloPolicyModel.Summary::sliPct).reversed()).toList();
        String ranking = ranked.stream().map(s -> String.format(Locale.ROOT, "%s %.2f %%", s.pattern().label(),
                s.sliPct())).collect(Collectors.joining(", "));
        String quiet = summaries.stream().filter(s -> !s.alerted()).map(s -> s.pattern().label())
                .collect(Collectors.joining(", "));
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT,
                "Against p99<%dms with a 99 %% objective the patterns rank %s; %s.", thresholdMs, ranking,
                quiet.isEmpty() ? "every pattern fired an alert" : "only " + quiet + " never alerted"));
        SloPolicyModel.Summary best = ranked.get(0);
        SloPolicyModel.Summary second = ranked.get(1);
        text.append(String.format(Locale.ROOT, " %s leads %s by %.2f points.", best.pattern().label(),
                second.pattern().label(), best.sliPct() - second.sliPct()));
        if (mix == SloPolicyModel.Mix.SCRIPTED) {
            text.append(" The patterns are formulas (overload caps and failure shares chosen by the published "
                    + "lab), so the ranking restates their constants rather than measuring a mechanism; "
                    + "--request-mix random with --seeds shows how much of the gap between close patterns "
                    + "is the fixed request sequence.");
        } else {
            text.append(" Costs and failures were drawn from the seed: compare with --request-mix scripted, and "
                    + "run --seeds to see whether the order of close patterns holds.");
        }
        return text.toString();
    }
}
