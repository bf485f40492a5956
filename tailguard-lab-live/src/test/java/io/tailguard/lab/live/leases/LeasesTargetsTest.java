package io.tailguard.lab.live.leases;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.LabArgs;
import io.tailguard.lab.Progress;
import io.tailguard.lab.leases.LeasesExperiment;
import io.tailguard.lab.live.leases.LeaseRow.Balancer;
import io.tailguard.lab.live.leases.LeaseRow.Policy;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LeasesTargetsTest {

    private static LiveResult live(LeaseRow row, double accepted, double rejected, double p99) {
        return new LiveResult(row, 1000.0, accepted, rejected, 0.0, 1.0, p99, p99, 0.0);
    }

    private static final LeaseRow STATIC_100 = new LeaseRow(Policy.STATIC, Balancer.LEAST_LOADED, 100, false);
    private static final LeaseRow STATIC_30 = new LeaseRow(Policy.STATIC, Balancer.LEAST_LOADED, 30, false);
    private static final LeaseRow ADAPTIVE = new LeaseRow(Policy.ADAPTIVE, Balancer.LEAST_LOADED, 0, false);

    @Test
    void aStaticRowMeetsTheTargetWithin5PercentAndTwiceTheDemosP99() {
        assertThat(LeasesTargets.check(live(STATIC_100, 314.0, 686.0, 37.9), 0.0)).startsWith("static 100: meets");
        assertThat(LeasesTargets.check(live(STATIC_100, 316.0, 684.0, 20.0), 0.0)).startsWith("static 100: misses");
        assertThat(LeasesTargets.check(live(STATIC_100, 300.0, 700.0, 38.0), 0.0)).startsWith("static 100: misses");
        assertThat(LeasesTargets.check(live(STATIC_30, 90.0, 910.0, 7.9), 0.0)).startsWith("static 30: meets");
    }

    @Test
    void theAdaptiveRowMayAddTheMeasuredProxyOverhead() {
        SimRow sim30 = new SimRow(STATIC_30.key(), 90.0, 910.0, 2.0, 4.0, 4.0);
        List<LiveResult> rows = List.of(live(STATIC_30, 90.0, 910.0, 7.0), live(ADAPTIVE, 340.0, 660.0, 27.0));
        double overhead = LeasesTargets.overheadMs(rows, Map.of(sim30.key(), sim30));
        assertThat(overhead).isEqualTo(3.0);
        assertThat(LeasesTargets.check(rows.get(1), overhead)).startsWith("adaptive (target 20 ms): meets");
        assertThat(LeasesTargets.check(live(ADAPTIVE, 329.0, 671.0, 10.0), overhead)).contains("misses");
    }

    @Test
    void theSimulatedRowsComeFromThePublicSummaryTable() {
        LeasesExperiment simulation = new LeasesExperiment();
        Map<String, SimRow> rows = SimRow.from(simulation.run(
                LabArgs.parse(simulation, Map.of("--duration", "3s"), List.of()), Progress.silent()));
        assertThat(rows.keySet()).containsExactly("static/least-loaded/9999", "static/least-loaded/100",
                "static/least-loaded/30", "adaptive/least-loaded/");
        assertThat(rows.get(STATIC_30.key()).acceptedRps()).isEqualTo(90.0);
        assertThat(LeaseRow.plan(false).stream().map(LeaseRow::key).toList()).containsExactlyElementsOf(rows.keySet());
    }
}
