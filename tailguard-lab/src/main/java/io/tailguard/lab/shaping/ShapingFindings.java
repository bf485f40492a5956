package io.tailguard.lab.shaping;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Thread-safe (stateless) findings of a token-versus-leaky run, computed from its rows. */
final class ShapingFindings {

    private ShapingFindings() {
    }

    static List<String> of(List<BurstRow> rows) {
        // whether the published "same goodput" holds is judged by the framework (TokenVsLeakyExperiment.conclusions)
        int half = rows.size() / 2;
        List<String> findings = new ArrayList<>();
        BurstRow token = rows.get(half - 1);
        BurstRow leaky = rows.get(rows.size() - 1);
        findings.add(String.format(Locale.ROOT, "At burst %d the token bucket lets %.0f rps reach the %.0f rps server "
                + "(server wait p99 %d ms); the leaky bucket holds it to %.0f rps and the wait moves into the gate "
                + "(p99 %d ms).", token.burst(), token.downstreamPeak(), 100.0, token.serverWaitP99(),
                leaky.downstreamPeak(), leaky.gateDelayP99()));
        return findings;
    }

    /** Burst 20 with core's gates behind the published adapters beside the same gates as deployed. */
    static String gates(List<BurstRow> published, List<BurstRow> core) {
        int half = published.size() / 2;
        int at = 0;
        while (published.get(at).burst() != TokenVsLeakyExperiment.SHAPING_BURST) {
            at++;
        }
        int differ = 0;
        for (int i = 0; i < published.size(); i++) {
            if (!published.get(i).equals(core.get(i))) {
                differ++;
            }
        }
        BurstRow pt = published.get(at);
        BurstRow pl = published.get(half + at);
        BurstRow ct = core.get(at);
        BurstRow cl = core.get(half + at);
        return String.format(Locale.ROOT, "Deployed core gates against the published adapters: %d of %d rows differ. "
                + "At burst %d, token bucket goodput %.1f vs %.1f, peak %.0f vs %.0f rps; leaky bucket goodput %.1f vs "
                + "%.1f, gate p99 %d vs %d ms.", differ, published.size(), pt.burst(), ct.goodputRps(), pt.goodputRps(),
                ct.downstreamPeak(), pt.downstreamPeak(), cl.goodputRps(), pl.goodputRps(), cl.gateDelayP99(),
                pl.gateDelayP99());
    }
}
