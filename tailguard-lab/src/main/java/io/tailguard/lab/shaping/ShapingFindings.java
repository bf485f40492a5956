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
        findings.add(String.format(Locale.ROOT, "At burst %d the token bucket let peaks of %.0f rps reach a %.0f rps "
                + "server (its requests waited up to p99 %d ms there), while the leaky bucket held the server to %.0f rps "
                + "and the wait moved into the gate (p99 %d ms): the same deadline is spent in a different place.",
                token.burst(), token.downstreamPeak(), 100.0, token.serverWaitP99(), leaky.downstreamPeak(),
                leaky.gateDelayP99()));
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
        return String.format(Locale.ROOT, "Core's TokenBucket and LeakyBucketShaper as a service deploys them, against "
                + "the same classes behind the published model's adapters: %d of %d rows differ. At burst %d, token "
                + "bucket goodput %.1f (deployed) vs %.1f (published), peak %.0f vs %.0f rps; leaky bucket goodput "
                + "%.1f vs %.1f, gate p99 %d vs %d ms. The adapters: the published clock (arrival times as the doubles "
                + "they sum to, not rounded to the nanosecond), the published floating-point count at a token due "
                + "exactly at an arrival, and a depth that counts the request still in the 10 ms leak (a deployed "
                + "shaper of depth Q lets its last request wait Q releases).", differ, published.size(),
                pt.burst(), ct.goodputRps(), pt.goodputRps(), ct.downstreamPeak(), pt.downstreamPeak(),
                cl.goodputRps(), pl.goodputRps(), cl.gateDelayP99(), pl.gateDelayP99());
    }
}
