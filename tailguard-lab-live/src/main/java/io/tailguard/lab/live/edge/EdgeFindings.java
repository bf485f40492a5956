package io.tailguard.lab.live.edge;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** Thread-safe (stateless) paragraphs computed from a {@code lab edge} run. */
final class EdgeFindings {

    private EdgeFindings() {
    }

    /** One paragraph per setup, then how the rejections compare. */
    static List<String> of(List<EdgeSummary> summaries, List<EdgeRow> rows, EdgeTiming timing, boolean pumaPrecheck) {
        List<String> findings = new ArrayList<>();
        for (EdgeSummary s : summaries) {
            List<EdgeRow> own = rows.stream().filter(r -> r.setup().equals(s.setup())).toList();
            findings.add(String.format(Locale.ROOT,
                    "%s: %s. The backend served %d of %d requests; %.1f s of its work went to clients that had "
                            + "already gone. Clients waited %.1f s in total, at most %.1f s%s.",
                    s.setup(), statuses(own), s.backendServed(), s.requests(), s.wastedSeconds(), s.clientTotal(),
                    s.maxClient(), s.ok() < s.requests() && s.slowestReject() > 0
                            ? String.format(Locale.ROOT, "; the slowest error answer took %.3f s", s.slowestReject())
                            : ""));
        }
        findings.add(String.format(Locale.ROOT, "Service time %.3f s, %d clients %.3f s apart, proxy timeout "
                        + "%.3f s, client timeout %.3f s; a rejection counts as fast under %d ms.",
                timing.serviceTime().toMillis() / 1e3, timing.clients(), timing.gap().toMillis() / 1e3,
                timing.proxyTimeout().toMillis() / 1e3, timing.clientTimeout().toMillis() / 1e3,
                EdgeTiming.FAST.toMillis()) + (pumaPrecheck
                ? " Puma ran as installed: since 3.10 it skips a queued request whose connection has already "
                        + "closed (Linux), so a proxy that closes the connection of a request it gave up on spares "
                        + "the backend; a proxy that still forwards it does not. --puma article turns that check "
                        + "off, like the article's Puma 3.9."
                : " Puma ran like the article's 3.9 (--puma article): it works on every request it has read, "
                        + "even if the connection has closed since."));
        return findings;
    }

    /** Returns for example "6 x 200, 4 x 504": HTTP statuses in ascending order, then the rest. */
    static String statuses(List<EdgeRow> rows) {
        List<String> seen = rows.stream().map(EdgeRow::status).distinct()
                .sorted(Comparator.comparing((String s) -> !Character.isDigit(s.charAt(0))).thenComparing(s -> s))
                .toList();
        List<String> parts = new ArrayList<>();
        for (String status : seen) {
            parts.add(EdgeSummary.count(rows, status) + " x " + status);
        }
        return String.join(", ", parts);
    }
}
