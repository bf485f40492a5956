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
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "At %d rps (%s arrivals) goodput and served p99: ",
                LoadSheddingExperiment.OFFERED_RPS[at], traffic.label()));
        ShedPolicy[] policies = ShedPolicy.values();
        for (int p = 0; p < policies.length; p++) {
            ShedRow r = rows.get(p * levels + at);
            b.append(String.format(Locale.ROOT, "%s%s %.1f rps, %d ms", p == 0 ? "" : "; ", r.policy(), r.goodputRps(),
                    r.p99ServedMs()));
        }
        findings.add(b.append('.').toString());
        ShedRow lifo = rows.get(3 * levels + at);
        findings.add(String.format(Locale.ROOT, "Who pays: tail-drop refuses at once, expire after up to the deadline, "
                + "lifo after a median %d ms.", lifo.shedWaitP50()));
        long fifoLast = 0;
        long expireMax = 0;
        for (int w = 0; w < hangover.get(0).length; w++) {
            fifoLast = hangover.get(0)[w] > 0 ? hangover.get(0)[w] : fifoLast;
            expireMax = Math.max(expireMax, hangover.get(2)[w]);
        }
        findings.add(String.format(Locale.ROOT, "After bursts fifo's p99 is %d ms in its last window; expire's never "
                + "exceeds %d ms.", fifoLast, expireMax));
        return findings;
    }
}
