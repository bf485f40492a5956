package io.tailguard.lab.adaptive;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Thread-safe (stateless) findings computed from the rows of a run: where ours wins, where not. */
final class AdaptiveFindings {

    private AdaptiveFindings() {
    }

    static List<String> all(List<AdaptiveRow> rows) {
        List<String> findings = new ArrayList<>();
        findings.add(verdict(rows));
        for (AdaptiveLimiter ours : OURS) {
            findings.add(versusPeer(rows, ours.label, ours.peer().label));
        }
        findings.add(recovery(rows));
        findings.add(drift(rows));
        return findings;
    }

    private static final List<AdaptiveLimiter> OURS = List.of(AdaptiveLimiter.OURS_AIMD, AdaptiveLimiter.OURS_VEGAS,
            AdaptiveLimiter.OURS_GRADIENT2);

    /** The answer in one line: over every scenario and pair, how often ours kept the goodput and cut the tail. */
    private static String verdict(List<AdaptiveRow> rows) {
        int pairs = 0;
        int goodput = 0;
        int tail = 0;
        for (AdaptiveLimiter ours : OURS) {
            for (AdaptiveRow row : rows) {
                AdaptiveRow other = row.limiter().equals(ours.label)
                        ? find(rows, row.scenario(), ours.peer().label) : null;
                if (other != null) {
                    pairs++;
                    goodput += row.goodputRps() >= other.goodputRps() * 0.99 ? 1 : 0;
                    tail += row.p999Millis() < other.p999Millis() ? 1 : 0;
                }
            }
        }
        return String.format(Locale.ROOT, "Against Netflix concurrency-limits' own algorithms, ours keep the goodput "
                + "(within 1 %%) in %d of %d scenario pairs and lower the p99.9 in %d.", goodput, pairs, tail);
    }

    private static String versusPeer(List<AdaptiveRow> rows, String ours, String peer) {
        int goodputAtLeast = 0;
        int tailBetter = 0;
        int scenarios = 0;
        int identical = 0;
        List<String> losses = new ArrayList<>();
        for (AdaptiveRow row : rows) {
            if (!row.limiter().equals(ours)) {
                continue;
            }
            AdaptiveRow other = find(rows, row.scenario(), peer);
            if (other == null) {
                continue;
            }
            scenarios++;
            boolean goodput = row.goodputRps() >= other.goodputRps() * 0.99;
            boolean tail = row.p999Millis() < other.p999Millis();
            if (row.goodputRps() == other.goodputRps() && row.p999Millis() == other.p999Millis()) {
                identical++;
                goodputAtLeast++;
                continue;
            }
            goodputAtLeast += goodput ? 1 : 0;
            tailBetter += tail ? 1 : 0;
            if (!goodput || !tail) {
                losses.add(row.scenario());
            }
        }
        String text = String.format(Locale.ROOT, "%s against %s: goodput kept in %d of %d scenarios, p99.9 lower in "
                + "%d, identical in %d.", ours, peer, goodputAtLeast, scenarios, tailBetter, identical);
        return losses.isEmpty() ? text : text + " Not better in: " + String.join(", ", losses) + ".";
    }

    private static String recovery(List<AdaptiveRow> rows) {
        StringBuilder text = new StringBuilder("Recovery after the 3x step (the longer of up and down):");
        for (AdaptiveRow row : rows) {
            if (row.scenario().equals("step")) {
                text.append(String.format(Locale.ROOT, " %s %d ms;", row.limiter(), row.recoveryMillis()));
            }
        }
        text.setLength(text.length() - 1);
        return text.append('.').toString();
    }

    private static String drift(List<AdaptiveRow> rows) {
        StringBuilder text = new StringBuilder("Limit under a steady 1.2x overload, last tenth vs second tenth:");
        for (AdaptiveRow row : rows) {
            if (row.scenario().equals("drift")) {
                int[] limit = row.windowLimit();
                int tenth = Math.max(1, limit.length / 10);
                text.append(String.format(Locale.ROOT, " %s %.0f vs %.0f;", row.limiter(),
                        mean(limit, limit.length - tenth, limit.length), mean(limit, tenth, 2 * tenth)));
            }
        }
        text.setLength(text.length() - 1);
        return text.append('.').toString();
    }

    static double mean(int[] values, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += values[i];
        }
        return to > from ? sum / (to - from) : 0.0;
    }

    static AdaptiveRow find(List<AdaptiveRow> rows, String scenario, String limiter) {
        for (AdaptiveRow row : rows) {
            if (row.scenario().equals(scenario) && row.limiter().equals(limiter)) {
                return row;
            }
        }
        return null;
    }
}
