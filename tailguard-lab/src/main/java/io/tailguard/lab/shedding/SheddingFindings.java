package io.tailguard.lab.shedding;

import io.tailguard.sim.windowed.ArrivalShape;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Thread-safe (stateless) findings of a load-shedding run, computed from its rows. */
final class SheddingFindings {

    private SheddingFindings() {
    }

    static List<String> of(List<ShedRow> rows, List<long[]> hangover, ArrivalShape traffic) {
        int levels = LoadSheddingExperiment.OFFERED_RPS.length;
        int at = 0;
        while (at < levels - 1 && LoadSheddingExperiment.OFFERED_RPS[at] < 200) {
            at++;
        }
        List<String> findings = new ArrayList<>();
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "At %d rps offered (%s arrivals): ",
                LoadSheddingExperiment.OFFERED_RPS[at], traffic.label()));
        ShedPolicy[] policies = ShedPolicy.values();
        for (int p = 0; p < policies.length; p++) {
            ShedRow r = rows.get(p * levels + at);
            b.append(String.format(Locale.ROOT, "%s%s goodput %.1f rps, p99 served %d ms, median shed wait %d ms",
                    p == 0 ? "" : "; ", r.policy(), r.goodputRps(), r.p99ServedMs(), r.shedWaitP50()));
        }
        findings.add(b.append('.').toString());
        // whether the published conclusion holds is judged by the framework (LoadSheddingExperiment.conclusions)
        ShedRow lifo = rows.get(3 * levels + at);
        findings.add(String.format(Locale.ROOT, "The policies that shed differ in who pays: tail-drop refuses at "
                + "once, expire lets a request wait up to the deadline first, lifo serves the newest fast and lets "
                + "the oldest wait %d ms (median) before giving up on them.", lifo.shedWaitP50()));
        long fifoLast = 0;
        long expireMax = 0;
        for (int w = 0; w < hangover.get(0).length; w++) {
            fifoLast = hangover.get(0)[w] > 0 ? hangover.get(0)[w] : fifoLast;
            expireMax = Math.max(expireMax, hangover.get(2)[w]);
        }
        findings.add(String.format(Locale.ROOT, "After bursts, fifo's p99 reached %d ms in the last window with "
                + "completions, while expire's never exceeded %d ms.", fifoLast, expireMax));
        return findings;
    }
}
