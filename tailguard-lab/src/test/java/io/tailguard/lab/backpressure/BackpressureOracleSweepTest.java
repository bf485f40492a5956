package io.tailguard.lab.backpressure;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Slow sweep (tagged "slow", out of the default run): every concurrency from 1 to 200 and a few
 * large ones, several durations, the simulated core policies against the published-model oracle.
 */
@Tag("slow")
class BackpressureOracleSweepTest {

    @Test
    void everyConcurrencyUpTo200AndSomeLargeOnesMatchThePublishedModel() {
        List<String> mismatches = new ArrayList<>();
        List<int[]> pairs = new ArrayList<>();
        for (int c = 1; c <= 200; c++) {
            for (int ms : c % 10 == 0 ? new int[] {999, 2000, 6000} : new int[] {1000, 3500}) {
                pairs.add(new int[] {ms, c});
            }
        }
        for (int c : new int[] {250, 333, 499, 777, 1001, 2500, 5000}) {
            pairs.add(new int[] {2000, c});
        }
        for (int[] p : pairs) {
            String[] expected = PublishedModel.run(p[0], p[1], PublishedModel.STRATEGIES);
            Workload w = new Workload(Workload.Arrivals.CONSTANT, Workload.Overload.SUSTAINED, p[1],
                    Duration.ofMillis(p[0]), Duration.ofSeconds(1), 42);
            List<StrategyOutcome> outcomes = new ArrayList<>();
            for (Strategy s : Strategy.values()) {
                outcomes.add(BackpressureSimulation.run(s, w));
            }
            if (!BackpressureTables.summary(outcomes).toCsv().equals(expected[0])
                    || !BackpressureTables.snapshots(outcomes).toCsv().equals(expected[1])) {
                mismatches.add(p[0] + "ms/c=" + p[1]);
            }
        }
        assertThat(mismatches).as("of %d pairs", pairs.size()).isEmpty();
    }
}
