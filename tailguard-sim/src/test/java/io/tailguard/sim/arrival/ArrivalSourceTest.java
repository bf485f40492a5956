package io.tailguard.sim.arrival;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.tailguard.sim.Simulation;
import io.tailguard.sim.SimulationListener;
import io.tailguard.sim.Station;
import io.tailguard.sim.service.ServiceModel;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArrivalSourceTest {

    private static long[] take(ArrivalSource source, int n, long seed) {
        ArrivalStream stream = source.open(new SplittableRandom(seed));
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = stream.nextNanos();
        }
        return out;
    }

    @Test
    void constantPlacesArrivalKAtOffsetPlusKTimesIntervalExactly() {
        long[] times = take(ArrivalSource.constant(Duration.ofMillis(7), Duration.ofMillis(3)), 4, 0);
        assertThat(times).containsExactly(3_000_000, 10_000_000, 17_000_000, 24_000_000);
        ArrivalStream stream = ArrivalSource.constant(Duration.ofNanos(3)).open(new SplittableRandom(0));
        long last = 0;
        for (int i = 0; i < 1_000_000; i++) {
            last = stream.nextNanos();
        }
        assertThat(last).isEqualTo(3L * 999_999);
    }

    @Test
    void constantRateDoesNotDriftWithAFractionalSpacing() {
        // 300 per second: spacing 3,333,333.33 ns; arrival 300 lands exactly on one second.
        long[] times = take(ArrivalSource.constantRate(300), 301, 0);
        assertThat(times[1]).isEqualTo(3_333_333);
        assertThat(times[300]).isEqualTo(1_000_000_000);
    }

    @Test
    void poissonHasTheRequestedRateAndExponentialGaps() {
        int n = 400_000;
        long[] times = take(ArrivalSource.poisson(1000), n, 11);
        double meanGapNanos = times[n - 1] / (double) (n - 1);
        assertThat(meanGapNanos).isCloseTo(1e6, within(1e6 * 0.01));
        // squared coefficient of variation of exponential gaps is 1
        double sum = 0;
        double sumSq = 0;
        for (int i = 1; i < n; i++) {
            double g = times[i] - times[i - 1];
            sum += g;
            sumSq += g * g;
        }
        double mean = sum / (n - 1);
        double cv2 = (sumSq / (n - 1) - mean * mean) / (mean * mean);
        assertThat(cv2).isCloseTo(1.0, within(0.03));
    }

    @Test
    void poissonIsReproducibleFromItsSeed() {
        assertThat(take(ArrivalSource.poisson(50), 100, 5)).containsExactly(take(ArrivalSource.poisson(50), 100, 5));
        assertThat(take(ArrivalSource.poisson(50), 100, 5)).isNotEqualTo(take(ArrivalSource.poisson(50), 100, 6));
    }

    @Test
    void onOffConstantSendsEvenlySpacedBurstsThenSilence() {
        // on 10 ms at 1000/s (one every 1 ms), off 30 ms silent.
        ArrivalSource source = ArrivalSource.onOff(Duration.ofMillis(10), 1000, Duration.ofMillis(30), 0, false);
        long[] times = take(source, 12, 0);
        assertThat(times[0]).isEqualTo(0);
        assertThat(times[9]).isEqualTo(9_000_000);
        assertThat(times[10]).isEqualTo(40_000_000);
        assertThat(times[11]).isEqualTo(41_000_000);
    }

    @Test
    void onOffPoissonKeepsEachPeriodsRate() {
        ArrivalSource source = ArrivalSource.onOff(Duration.ofMillis(100), 10_000, Duration.ofMillis(100), 1_000, true);
        ArrivalStream stream = source.open(new SplittableRandom(3));
        long on = 0;
        long off = 0;
        long t;
        while ((t = stream.nextNanos()) < 100_000_000_000L) {
            if ((t / 100_000_000L) % 2 == 0) {
                on++;
            } else {
                off++;
            }
        }
        // 500 on-periods of 0.1 s at 10k/s, 500 off-periods at 1k/s
        assertThat(on).isCloseTo(500_000, within(500_000 / 100L));
        assertThat(off).isCloseTo(50_000, within(50_000 / 30L));
    }

    @Test
    void traceReplaysMillisecondTimesExactlyAndSkipsHeaderAndComments() throws Exception {
        String csv = "time_ms,path\n# recorded 2026-11-21\n0,/a\n\n1.5,/b\n1.5\n2000.000001,/c\n";
        TraceSource trace = TraceSource.fromCsv(new StringReader(csv), "t.csv");
        assertThat(trace.size()).isEqualTo(4);
        ArrivalStream stream = trace.open(new SplittableRandom(0));
        assertThat(new long[] {stream.nextNanos(), stream.nextNanos(), stream.nextNanos(), stream.nextNanos(),
                stream.nextNanos()}).containsExactly(0, 1_500_000, 1_500_000, 2_000_000_001L, ArrivalStream.END);
    }

    @Test
    void traceReadsAFileAndReplaysItInsideASimulation(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("arrivals.csv");
        Files.writeString(file, "0\n0.25\n10\n");
        TraceSource trace = TraceSource.fromCsv(file);
        List<Long> arrivals = new ArrayList<>();
        Simulation.builder()
                .arrivals(trace)
                .station(Station.builder().service(ServiceModel.fixed(Duration.ofMillis(1))).build())
                .listener(new SimulationListener() {
                    @Override
                    public void onArrival(long id, long nowNanos) {
                        arrivals.add(nowNanos);
                    }
                })
                .build().run();
        assertThat(arrivals).containsExactly(0L, 250_000L, 10_000_000L);
    }

    @Test
    void traceRejectsBadLinesNamingFileLineAndValue() {
        assertThatThrownBy(() -> TraceSource.fromCsv(new StringReader("1\n2\nabc\n"), "t.csv"))
                .hasMessage("t.csv:3: arrival time must be a non-negative number of milliseconds but was 'abc'");
        assertThatThrownBy(() -> TraceSource.fromCsv(new StringReader("5\n4\n"), "t.csv"))
                .hasMessage("t.csv:2: arrival time must be non-negative and non-decreasing but was '4'");
        assertThatThrownBy(() -> TraceSource.fromCsv(new StringReader("-1\n"), "t.csv"))
                .hasMessageContaining("t.csv:1:");
    }

    @Test
    void validatesParametersWithTheHouseMessage() {
        assertThatThrownBy(() -> ArrivalSource.constant(Duration.ZERO)).hasMessage("interval must be > 0 but was PT0S");
        assertThatThrownBy(() -> ArrivalSource.poisson(-1))
                .hasMessageStartingWith("ratePerSecond must be between");
    }

    /** Phases of 10 ms at 100, 0 and 300 per second, then 200 per second for ever. */
    private static final RateSchedule STEPS = new RateSchedule() {
        @Override
        public double ratePerSecond(long nowNanos) {
            return nowNanos < 30_000_000L ? new double[] {100, 0, 300}[(int) (nowNanos / 10_000_000L)] : 200;
        }

        @Override
        public long phaseEndNanos(long nowNanos) {
            return nowNanos < 30_000_000L ? (nowNanos / 10_000_000L + 1) * 10_000_000L : Long.MAX_VALUE;
        }
    };

    @Test
    void phasedEvenSpacingRestartsAtEachPhaseAndSkipsSilentOnes() {
        assertThat(take(ArrivalSource.phased(STEPS, false), 7, 1)).containsExactly(
                0L, 20_000_000L, 23_333_333L, 26_666_667L, 30_000_000L, 35_000_000L, 40_000_000L);
    }

    @Test
    void aScheduleWhosePhaseDoesNotEndAfterItsStartIsRefused() {
        RateSchedule stuck = new RateSchedule() {
            @Override
            public double ratePerSecond(long nowNanos) {
                return 1;
            }

            @Override
            public long phaseEndNanos(long nowNanos) {
                return nowNanos;
            }
        };
        assertThatThrownBy(() -> ArrivalSource.phased(stuck, true).open(new SplittableRandom(1)).nextNanos())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("phaseEndNanos must be after");
    }
}
