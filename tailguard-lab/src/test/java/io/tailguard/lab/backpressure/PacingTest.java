package io.tailguard.lab.backpressure;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class PacingTest {

    private static Workload constant(int concurrency) {
        return new Workload(Workload.Arrivals.CONSTANT, Workload.Overload.SUSTAINED, concurrency,
                Duration.ofSeconds(5), Duration.ofSeconds(1), 42);
    }

    @Test
    void theHeadlineStatesTheRateThatRanWhenWholeMillisecondSpacingChangesIt() {
        assertThat(constant(10).describe())
                .isEqualTo("constant arrivals at 200 rps sustained, 2.0x the 100 rps the strategies admit");
        assertThat(constant(20).describe()).isEqualTo("constant arrivals at 500 rps sustained (20 x 20 = 400 rps"
                + " asked; the published model spaces arrivals in whole milliseconds), 5.0x the 100 rps the"
                + " strategies admit");
        assertThat(constant(1000).describe()).startsWith("constant arrivals at 1000 rps sustained (20 x 1000 = 20000");
        assertThat(constant(15).describe()).startsWith("constant arrivals at 333.3 rps sustained (20 x 15 = 300");
    }

    @Test
    void publishedSnapshotsAreCountedInArrivalsAndLabelledByTheSecondOfTheirLastArrival() {
        Pacing pacing = constant(20).pacing();

        assertThat(pacing).isInstanceOf(PublishedPacing.class);
        assertThat(pacing.offeredRps()).isEqualTo(500.0);
        assertThat(pacing.windowOf(399, 798_000_000L)).isZero();
        assertThat(pacing.windowOf(400, 800_000_000L)).isEqualTo(1);
        assertThat(pacing.elapsed(1, 1_598_000_000L)).isEqualTo("2");
        assertThat(pacing.throughput(1, 123)).isEqualTo(123.0);
        assertThat(pacing.describe()).contains("2000 arrivals 2 ms apart over 4 s, cut every 400 arrivals")
                .contains("elapsed_s is the second of a snapshot's last arrival");
    }

    @Test
    void timedSnapshotsAreWindowsOfSimulatedTimeLabelledByTheirEnd() {
        Workload w = new Workload(Workload.Arrivals.POISSON, Workload.Overload.SUSTAINED, 10,
                Duration.ofMillis(2500), Duration.ofSeconds(1), 42);
        Pacing pacing = w.pacing();

        assertThat(pacing).isInstanceOf(TimedPacing.class);
        assertThat(pacing.windowCount(0)).isEqualTo(3);
        assertThat(pacing.windowOf(7, 1_999_999_999L)).isEqualTo(1);
        assertThat(pacing.elapsed(1, 0)).isEqualTo("2");
        assertThat(pacing.elapsed(2, 0)).isEqualTo("2.500");
        assertThat(pacing.throughput(2, 50)).isEqualTo(100.0);
        assertThat(pacing.describe()).contains("2.500 s of arrivals in windows of 1 s")
                .contains("elapsed_s is a window's end");
    }
}
