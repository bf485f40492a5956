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
        SloPolicyModel.Summary best = ranked.get(0);
        SloPolicyModel.Summary second = ranked.get(1);
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "%s meets p99<%dms best, %.2f points ahead "
                + "of %s. SLI: %s; %s.", best.pattern().label(), thresholdMs, best.sliPct() - second.sliPct(),
                second.pattern().label(), ranking, quiet.isEmpty() ? "every pattern alerted" : "never alerted: " + quiet));
        if (mix == SloPolicyModel.Mix.SCRIPTED) {
            text.append(" The patterns are the published formulas, so the ranking restates their constants.");
        }
        return text.toString();
    }
}
