package io.tailguard.lab.leases;

import io.tailguard.sim.LatencyCounts;
import io.tailguard.sim.lease.LeaseDemo;
import java.util.ArrayList;
import java.util.List;

/**
 * Not thread-safe collector of one scenario's counts and latencies: for the summary (arrivals at
 * or after the warm-up) and per second and server for the snapshots.
 */
final class LeasesTally implements LeaseDemo.Listener {

    private final int servers;
    private final int seconds;
    private final long warmupMillis;
    private final long durationMillis;
    private final long[][] accepted;
    private final long[][] rejected;
    private final int[][] leased;
    private final LatencyCounts[][] perSecond;
    private final LatencyCounts[] perServer;
    private final long[] serverAccepted;
    private final long[] serverRejected;
    private final LatencyCounts all = new LatencyCounts();

    LeasesTally(int servers, int seconds, long warmupMillis, long durationMillis) {
        this.servers = servers;
        this.seconds = seconds;
        this.warmupMillis = warmupMillis;
        this.durationMillis = durationMillis;
        this.accepted = new long[seconds][servers];
        this.rejected = new long[seconds][servers];
        this.leased = new int[seconds][servers];
        this.perSecond = new LatencyCounts[seconds][servers];
        this.perServer = new LatencyCounts[servers];
        for (int s = 0; s < seconds; s++) {
            for (int i = 0; i < servers; i++) {
                perSecond[s][i] = new LatencyCounts();
            }
        }
        for (int i = 0; i < servers; i++) {
            perServer[i] = new LatencyCounts();
        }
        this.serverAccepted = new long[servers];
        this.serverRejected = new long[servers];
    }

    @Override
    public void lease(int server, long nowMillis, int allowed) {
        int second = (int) (nowMillis / 1000);
        if (second < seconds) {
            leased[second][server] = allowed;
        }
    }

    @Override
    public void accepted(int server, long nowMillis, long latencyMillis) {
        int second = (int) (nowMillis / 1000);
        accepted[second][server]++;
        perSecond[second][server].record(latencyMillis);
        if (nowMillis >= warmupMillis) {
            serverAccepted[server]++;
            perServer[server].record(latencyMillis);
            all.record(latencyMillis);
        }
    }

    @Override
    public void rejected(int server, long nowMillis) {
        rejected[(int) (nowMillis / 1000)][server]++;
        if (nowMillis >= warmupMillis) {
            serverRejected[server]++;
        }
    }

    LeasesRow result(LeasesScenario scenario) {
        double spanSeconds = Math.max(1L, durationMillis - warmupMillis) / 1000.0;
        long totalAccepted = 0;
        long totalRejected = 0;
        List<LeasesRow.ServerResult> perServerResults = new ArrayList<>();
        for (int i = 0; i < servers; i++) {
            totalAccepted += serverAccepted[i];
            totalRejected += serverRejected[i];
            perServerResults.add(new LeasesRow.ServerResult(i, serverAccepted[i] / spanSeconds,
                    serverRejected[i] / spanSeconds, perServer[i].percentile(0.99)));
        }
        List<LeasesRow.Snapshot> snapshots = new ArrayList<>();
        for (int s = 0; s < seconds; s++) {
            for (int i = 0; i < servers; i++) {
                snapshots.add(new LeasesRow.Snapshot(s, i, leased[s][i], accepted[s][i], rejected[s][i],
                        perSecond[s][i].percentile(0.99)));
            }
        }
        return new LeasesRow(scenario, totalAccepted / spanSeconds, totalRejected / spanSeconds,
                all.percentile(0.5), all.percentile(0.99), all.percentile(0.999), perServerResults,
                snapshots);
    }
}
