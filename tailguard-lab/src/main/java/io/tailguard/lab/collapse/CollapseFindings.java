package io.tailguard.lab.collapse;

import io.tailguard.sim.windowed.Server;
import io.tailguard.sim.windowed.ArrivalShape;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Thread-safe (stateless) findings of a load-collapse run, computed from its rows. */
final class CollapseFindings {

    private CollapseFindings() {
    }

    static List<String> of(List<CollapseRow> rows, ArrivalShape traffic) {
        List<CollapseRow> plain = rows.stream().filter(r -> !r.retries()).toList();
        List<CollapseRow> retry = rows.stream().filter(CollapseRow::retries).toList();
        List<String> findings = new ArrayList<>();
        findings.add(belowCapacity(plain, traffic));
        findings.add(pastCapacity(plain));
        findings.add(retries(plain, retry));
        return findings;
    }

    /** The published claim: up to capacity every request is on time. */
    private static String belowCapacity(List<CollapseRow> plain, ArrivalShape traffic) {
        List<String> late = new ArrayList<>();
        for (CollapseRow r : plain) {
            if (r.offeredRps() <= Server.CAPACITY_RPS && r.wastedPct() > 0) {
                late.add(String.format(Locale.ROOT, "%d rps (%.1f %% late, p99 %d ms)", r.offeredRps(), r.wastedPct(),
                        r.p99Ms()));
            }
        }
        if (!late.isEmpty()) {
            return String.format(Locale.ROOT, "Up to %.0f rps, %s arrivals were late at %s.", Server.CAPACITY_RPS,
                    traffic.label(), String.join(", ", late));
        }
        CollapseRow worst = plain.stream().filter(r -> r.offeredRps() <= Server.CAPACITY_RPS)
                .max((a, b) -> Long.compare(a.p99Ms(), b.p99Ms())).orElseThrow();
        if (worst.p99Ms() > Server.SERVICE_MS) {
            return String.format(Locale.ROOT, "Up to %.0f rps every request is on time with %s arrivals, but requests "
                    + "queue: p99 %d ms at %d rps.", Server.CAPACITY_RPS, traffic.label(), worst.p99Ms(),
                    worst.offeredRps());
        }
        return String.format(Locale.ROOT, "Up to %.0f rps every request is served in %.0f ms with %s arrivals.",
                Server.CAPACITY_RPS, Server.SERVICE_MS, traffic.label());
    }

    private static String pastCapacity(List<CollapseRow> plain) {
        CollapseRow first = null;
        for (CollapseRow r : plain) {
            // measured against what arrived (random arrivals offer a little more or less than the level)
            if (r.goodputRps() < 0.95 * Math.min(r.effectiveRps(), Server.CAPACITY_RPS)) {
                first = r;
                break;
            }
        }
        CollapseRow top = plain.get(plain.size() - 1);
        if (first == null) {
            return String.format(Locale.ROOT, "Goodput stays within 5 %% of the ideal up to %d rps.", top.offeredRps());
        }
        return String.format(Locale.ROOT, "Goodput falls below 95 %% of arrivals at %d rps (%.1f of %.1f); at %d rps "
                + "it is %.1f rps, with a median sojourn of %d ms.", first.offeredRps(), first.goodputRps(),
                first.effectiveRps(), top.offeredRps(), top.goodputRps(), top.p50Ms());
    }

    private static String retries(List<CollapseRow> plain, List<CollapseRow> retry) {
        List<String> differ = new ArrayList<>();
        for (int i = 0; i < plain.size(); i++) {
            if (plain.get(i).goodputRps() != retry.get(i).goodputRps()) {
                differ.add(String.format(Locale.ROOT, "%d rps (%.1f without, %.1f with)", plain.get(i).offeredRps(),
                        plain.get(i).goodputRps(), retry.get(i).goodputRps()));
            }
        }
        CollapseRow top = plain.get(plain.size() - 1);
        CollapseRow topRetry = retry.get(retry.size() - 1);
        String load = String.format(Locale.ROOT, "At %d rps retries raise the server's load from %.1f to %.1f rps "
                + "(%.2fx).", top.offeredRps(), top.effectiveRps(), topRetry.effectiveRps(),
                topRetry.effectiveRps() / top.effectiveRps());
        return load + (differ.isEmpty() ? " Goodput is the same at every level."
                : " Goodput differs at " + String.join(", ", differ) + ".");
    }
}
