package io.tailguard.lab.backpressure;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Poisson and bursty arrivals, transient overload, seeds and snapshot windows. */
class BeyondTheArticleTest {

    private static Workload workload(Workload.Arrivals arrivals, Workload.Overload overload, long seed,
                                     Duration window) {
        return new Workload(arrivals, overload, 10, Duration.ofSeconds(10), window, seed);
    }

    private static List<StrategyOutcome> runAll(Workload w) {
        List<StrategyOutcome> outcomes = new ArrayList<>();
        for (Strategy s : Strategy.values()) {
            outcomes.add(BackpressureSimulation.run(s, w));
        }
        return outcomes;
    }

    private static StrategyOutcome of(List<StrategyOutcome> outcomes, Strategy s) {
        return outcomes.stream().filter(o -> o.strategy() == s).findFirst().orElseThrow();
    }

    @Test
    void sameSeedGivesTheSameBytesAndAnotherSeedDoesNot() {
        Workload a = workload(Workload.Arrivals.POISSON, Workload.Overload.SUSTAINED, 7, Duration.ofSeconds(1));
        String first = BackpressureTables.snapshots(runAll(a)).toCsv();
        String again = BackpressureTables.snapshots(runAll(a)).toCsv();
        String other = BackpressureTables.snapshots(runAll(
                workload(Workload.Arrivals.POISSON, Workload.Overload.SUSTAINED, 8, Duration.ofSeconds(1)))).toCsv();
        assertThat(again).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
    }

    @Test
    void poissonOffersAboutTheConfiguredRate() {
        StrategyOutcome o = BackpressureSimulation.run(Strategy.TOKEN_BUCKET,
                workload(Workload.Arrivals.POISSON, Workload.Overload.SUSTAINED, 1, Duration.ofSeconds(1)));
        // 200 rps for 10 s: 2000 expected, standard deviation about 45.
        assertThat(o.offered()).isBetween(1800L, 2200L);
    }

    @Test
    void burstyArrivalsComeOnlyInTheOnHalvesAtTwiceTheRate() {
        Workload w = workload(Workload.Arrivals.BURSTY, Workload.Overload.SUSTAINED, 3, Duration.ofMillis(100));
        StrategyOutcome o = BackpressureSimulation.run(Strategy.TOKEN_BUCKET, w);
        assertThat(o.snapshots()).hasSize(100);
        for (int i = 0; i < 100; i++) {
            StrategyOutcome.Snapshot s = o.snapshots().get(i);
            if (i % 2 == 1) {
                assertThat(s.accepted() + s.rejected()).as("off window %d", i).isZero();
            }
        }
        assertThat(o.offered()).isBetween(1800L, 2200L);
    }

    @Test
    void transientOverloadLetsABufferEarnItsLatencyAndSustainedOverloadDoesNot() {
        List<StrategyOutcome> sustained = runAll(workload(Workload.Arrivals.CONSTANT, Workload.Overload.SUSTAINED, 42,
                Duration.ofSeconds(1)));
        List<StrategyOutcome> transientRun = runAll(workload(Workload.Arrivals.CONSTANT, Workload.Overload.TRANSIENT, 42,
                Duration.ofSeconds(1)));

        // transient: the queue serves the burst excess that the no-waiting strategies turn away ...
        assertThat(of(transientRun, Strategy.BOUNDED_QUEUE).accepted())
                .isGreaterThan(of(transientRun, Strategy.LOAD_SHEDDER).accepted())
                .isGreaterThan(of(transientRun, Strategy.RESILIENCE4J).accepted());
        // ... and its backlog drains in the quiet spell: the last second of each cycle holds at most one.
        StrategyOutcome q = of(transientRun, Strategy.BOUNDED_QUEUE);
        assertThat(q.snapshots().get(4).maxBuffered()).isLessThanOrEqualTo(1);
        assertThat(q.snapshots().get(9).maxBuffered()).isLessThanOrEqualTo(1);
        assertThat(q.snapshots().get(0).maxBuffered()).isEqualTo(50);

        // sustained: it accepts fewer than the token bucket and is slower: the worst of both.
        StrategyOutcome sq = of(sustained, Strategy.BOUNDED_QUEUE);
        StrategyOutcome tb = of(sustained, Strategy.TOKEN_BUCKET);
        assertThat(sq.accepted()).isLessThan(tb.accepted());
        assertThat(sq.p99Millis()).isGreaterThan(tb.p99Millis());
    }

    @Test
    void findingsAreComputedFromTheNumbers() {
        Workload w = workload(Workload.Arrivals.CONSTANT, Workload.Overload.SUSTAINED, 42, Duration.ofSeconds(1));
        List<StrategyOutcome> sustained = runAll(w);
        String text = BackpressureFindings.sustained(sustained);
        StrategyOutcome q = of(sustained, Strategy.BOUNDED_QUEUE);
        assertThat(text).contains("bounded-queue: " + q.accepted() + " (").contains("worse on both");

        // at 80 rps nothing is overloaded: no buffer is "the worst of both" any more.
        Workload light = new Workload(Workload.Arrivals.CONSTANT, Workload.Overload.SUSTAINED, 4,
                Duration.ofSeconds(5), Duration.ofSeconds(1), 42);
        assertThat(BackpressureFindings.sustained(runAll(light))).doesNotContain("worse on both")
                .contains("400 of 400 (100.0%)");
    }

    @Test
    void windowsFollowTheSnapshotIntervalOutsideThePublishedModel() {
        Workload w = new Workload(Workload.Arrivals.POISSON, Workload.Overload.SUSTAINED, 10,
                Duration.ofMillis(2500), Duration.ofMillis(500), 5);
        StrategyOutcome o = BackpressureSimulation.run(Strategy.BOUNDED_QUEUE, w);
        assertThat(o.snapshots()).extracting(StrategyOutcome.Snapshot::elapsed)
                .containsExactly("0.500", "1", "1.500", "2", "2.500");
        long accepted = o.snapshots().stream().mapToLong(StrategyOutcome.Snapshot::accepted).sum();
        assertThat(accepted).isEqualTo(o.accepted());
        assertThat(o.snapshots().get(0).throughput()).isEqualTo(o.snapshots().get(0).accepted() * 2.0);
    }
}
