package io.tailguard.cli.plan;

import io.tailguard.path.LocalAnswer;
import io.tailguard.sim.path.PathResult;
import io.tailguard.sim.path.PathSimulation;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Not thread-safe (one run): every pool plan at every load, once per seed, in the simulator. Each
 * configuration sees the same arrivals at the same rate and seed, so compared configurations differ
 * only in what their decision paths decide. Progress goes to {@code err}, one line per run.
 */
final class PlanSweep {

    /** The outcome name of requests whose client left before any answer, as the proxy's metrics name it. */
    static final String CLIENT_GONE = "client_gone";

    private final List<PoolPlan> pools;
    private final List<LoadText> loads;
    private final PlanTraffic traffic;
    private final PrintWriter err;

    PlanSweep(List<PoolPlan> pools, List<LoadText> loads, PlanTraffic traffic, PrintWriter err) {
        this.pools = List.copyOf(pools);
        this.loads = List.copyOf(loads);
        this.traffic = traffic;
        this.err = err;
    }

    /** Returns one row per pool and load, each seed's figures averaged; {@code perSeed} gets every seed's rows. */
    List<PlanRow> run(long firstSeed, int seeds, List<List<PlanRow>> perSeed) {
        for (int s = 0; s < seeds; s++) {
            List<PlanRow> rows = new ArrayList<>();
            for (PoolPlan pool : pools) {
                double capacity = pool.capacityRps();
                for (LoadText load : loads) {
                    double rps = load.rate(capacity);
                    err.printf(Locale.ROOT, "tailguard: plan %s pool %s at %s (%.1f/s), seed %d%n", pool.config(),
                            pool.settings().name(), load.label(), rps, firstSeed + s);
                    err.flush();
                    PathResult result = PathSimulation.run(pool.settings(), pool.routes(), pool.backends(),
                            traffic.at(rps), firstSeed + s, Duration.ZERO, traffic.hop());
                    rows.add(row(pool, load, rps / capacity, result));
                }
            }
            perSeed.add(rows);
        }
        return mean(perSeed);
    }

    private static PlanRow row(PoolPlan pool, LoadText load, double loadX, PathResult r) {
        Map<String, Double> outcomes = new LinkedHashMap<>();
        for (LocalAnswer answer : LocalAnswer.values()) {
            outcomes.put(answer.reasonName(), r.perSecond(r.answered(answer)));
        }
        outcomes.put(CLIENT_GONE, r.perSecond(r.gone()));
        return new PlanRow(pool.config(), pool.settings().name(), load, loadX, r.perSecond(r.offered()),
                r.perSecond(r.goodput()), r.perSecond(r.rejected()), r.goodputMillis(50), r.goodputMillis(99),
                r.goodputMillis(99.9), r.wastedBackendNanos() / 1e9, outcomes);
    }

    private static List<PlanRow> mean(List<List<PlanRow>> perSeed) {
        List<PlanRow> first = perSeed.get(0);
        if (perSeed.size() == 1) {
            return first;
        }
        List<PlanRow> means = new ArrayList<>();
        int k = perSeed.size();
        for (int i = 0; i < first.size(); i++) {
            PlanRow a = first.get(i);
            double offered = 0, goodput = 0, rejected = 0, p50 = 0, p99 = 0, p999 = 0, wasted = 0;
            Map<String, Double> outcomes = new LinkedHashMap<>();
            for (List<PlanRow> rows : perSeed) {
                PlanRow r = rows.get(i);
                offered += r.offeredRps() / k;
                goodput += r.goodputRps() / k;
                rejected += r.rejectedRps() / k;
                p50 += r.p50Millis() / k;
                p99 += r.p99Millis() / k;
                p999 += r.p999Millis() / k;
                wasted += r.wastedSeconds() / k;
                r.outcomesRps().forEach((name, rps) -> outcomes.merge(name, rps / k, Double::sum));
            }
            means.add(new PlanRow(a.config(), a.pool(), a.load(), a.loadX(), offered, goodput, rejected, p50, p99,
                    p999, wasted, outcomes));
        }
        return means;
    }
}
