package io.tailguard.sim.calltree;

import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Not thread-safe (holds the run's breakers) outcome of one {@link CallTree} run, scored the published
 * way: a root counts if it arrived at least its route's deadline before the end, succeeded if it
 * resolved successfully within the deadline; latencies are "time to be told", failures included.
 */
public final class CallTreeOutcome {

    private final double[] successPct;
    private final double[] p50;
    private final double[] p99;
    private final double[][] windowSuccess;
    private final long[] spawns;
    private final long[][] windowSpawns;
    private final int[] leafAttempts;
    private final long leafSpawns;
    private final long leafSpawnsPastDeadline;
    private final Map<String, EdgeBreaker> breakers;
    private final double durationMs;

    CallTreeOutcome(CallTree tree) {
        int routes = tree.topology.routes().size();
        this.durationMs = tree.loop.horizonMs();
        successPct = new double[routes];
        p50 = new double[routes];
        p99 = new double[routes];
        windowSuccess = new double[Math.max(0, tree.windows)][routes];
        for (int r = 0; r < routes; r++) {
            double cutoff = durationMs - tree.topology.routes().get(r).deadlineMs();
            long deadline = tree.topology.routes().get(r).deadlineMs();
            Histogram latency = Scoring.histogram();
            long scored = 0;
            long ok = 0;
            long[] wScored = new long[windowSuccess.length];
            long[] wOk = new long[windowSuccess.length];
            for (CallTree.Node root : tree.roots) {
                if (root.route != r || root.rootArrival > cutoff) {
                    continue;
                }
                scored++;
                boolean resolved = root.state == CallTree.DONE;
                boolean good = resolved && !root.failed && root.resolution - root.rootArrival <= deadline;
                if (resolved) {
                    Scoring.record(latency, root.resolution - root.rootArrival);
                }
                ok += good ? 1 : 0;
                int w = (int) (root.rootArrival / Scoring.WINDOW_MS);
                if (w < wScored.length) {
                    wScored[w]++;
                    wOk[w] += good ? 1 : 0;
                }
            }
            successPct[r] = Scoring.pct(ok, scored);
            p50[r] = Scoring.percentile(latency, 50.0);
            p99[r] = Scoring.percentile(latency, 99.0);
            for (int w = 0; w < wScored.length; w++) {
                windowSuccess[w][r] = Scoring.pct(wOk[w], wScored[w]);
            }
        }
        spawns = tree.spawns;
        windowSpawns = tree.windowSpawns;
        leafAttempts = new int[tree.roots.size()];
        for (int root : tree.leafRoots) {
            leafAttempts[root]++;
        }
        leafSpawns = tree.leafRoots.size();
        leafSpawnsPastDeadline = tree.leafSpawnsPastDeadline;
        breakers = tree.breakers;
    }

    /** Returns route {@code r}'s success share, percent. */
    public double successPct(int r) {
        return successPct[r];
    }

    /** Returns route {@code r}'s median time to be told, ms. */
    public double p50(int r) {
        return p50[r];
    }

    /** Returns route {@code r}'s p99 time to be told, ms. */
    public double p99(int r) {
        return p99[r];
    }

    /** Returns route {@code r}'s success share in window {@code w}, percent. */
    public double windowSuccess(int w, int r) {
        return windowSuccess[w][r];
    }

    /** Returns the number of scored windows. */
    public int windows() {
        return windowSuccess.length;
    }

    /** Returns how many attempts reached service {@code s} in the whole run. */
    public long spawns(int s) {
        return spawns[s];
    }

    /** Returns how many attempts reached service {@code s} in window {@code w}. */
    public long windowSpawns(int s, int w) {
        return windowSpawns[s][w];
    }

    /** Returns the attempts that reached service {@code s} per second of the run. */
    public double spawnsPerSecond(int s) {
        return spawns[s] / (durationMs / 1000.0);
    }

    /** Returns leaf attempts over all leaf attempts that started after the request's deadline had passed, percent. */
    public double pastDeadlinePct() {
        return leafSpawns == 0 ? 0.0 : 100.0 * leafSpawnsPastDeadline / leafSpawns;
    }

    /**
     * Returns the published "attempts per request" at the leaf: the mean leaf attempts of the roots
     * whose whole retry tree fits in the run ({@code 5 + 5 + 2(R−1)(T+B)} ms after arrival, 20 ms apart).
     */
    public double eligibleLeafAttempts(int attempts, double timeoutMs, double backoffMs) {
        double treeBudget = 5 + 5 + 2.0 * (attempts - 1) * (timeoutMs + backoffMs);
        long eligible = (long) Math.floor((durationMs - treeBudget) / 20) + 1;
        eligible = Math.max(1, Math.min(eligible, leafAttempts.length));
        long sum = 0;
        for (int i = 0; i < eligible; i++) {
            sum += leafAttempts[i];
        }
        return (double) sum / eligible;
    }

    /** Returns the breaker on {@code edge} ("caller->callee"), or null. */
    public EdgeBreaker breaker(String edge) {
        return breakers.get(edge);
    }

    /** Returns every breaker of the run by edge. */
    public Map<String, EdgeBreaker> breakers() {
        return breakers;
    }
}
