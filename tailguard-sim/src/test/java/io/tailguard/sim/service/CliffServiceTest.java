package io.tailguard.sim.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import io.tailguard.time.ManualClock;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CliffServiceTest {

    private static final ServiceModel TEN_MS = ServiceModel.fixed(Duration.ofMillis(10));

    private final ManualClock clock = new ManualClock();
    private final SplittableRandom random = new SplittableRandom(1);
    private int atService;

    @Test
    void isTenTimesSlowerOnlyPastTheCliff() {
        CliffService service = new CliffService(TEN_MS, t -> 1.0, -1, 0, -1, clock, () -> atService);
        atService = CliffService.CLIFF_CONCURRENCY;
        assertThat(service.sampleNanos(random)).isEqualTo(10_000_000L);
        atService = CliffService.CLIFF_CONCURRENCY + 1;
        assertThat(service.sampleNanos(random)).isEqualTo(100_000_000L);
    }

    @Test
    void multipliesByTheSlowdownAtTheCurrentSecond() {
        CliffService service = new CliffService(TEN_MS, t -> t < 2 ? 1.0 : 3.0, -1, 0, -1, clock, () -> 0);
        clock.advance(Duration.ofSeconds(1));
        assertThat(service.sampleNanos(random)).isEqualTo(10_000_000L);
        clock.advance(Duration.ofSeconds(1));
        assertThat(service.sampleNanos(random)).isEqualTo(30_000_000L);
    }

    @Test
    void givesOneLuckySampleFromItsSecond() {
        CliffService service = new CliffService(TEN_MS, t -> 1.0, -1, 0, 5, clock, () -> 0);
        clock.advance(Duration.ofMillis(4_999));
        assertThat(service.sampleNanos(random)).isEqualTo(10_000_000L);
        clock.advance(Duration.ofMillis(1));
        assertThat(service.sampleNanos(random)).isEqualTo(CliffService.LUCKY_NANOS);
        assertThat(service.sampleNanos(random)).isEqualTo(10_000_000L);
    }

    @Test
    void aStallAddsItsRemainingLengthToEveryServiceItOverlaps() {
        CliffService service = new CliffService(TEN_MS, t -> 1.0, 1.0, 0.5, -1, clock, () -> 0);
        clock.advance(Duration.ofMillis(995));
        assertThat(service.sampleNanos(random)).as("starts 5 ms before the stall").isEqualTo(510_000_000L);
        clock.advance(Duration.ofMillis(205));
        assertThat(service.sampleNanos(random)).as("starts 200 ms into it").isEqualTo(310_000_000L);
        clock.advance(Duration.ofMillis(300));
        assertThat(service.sampleNanos(random)).as("starts as it ends").isEqualTo(10_000_000L);
    }

    @Test
    void nominalCapacityIsEightWorkersOverTheMeanServiceTime() {
        assertThat(CliffService.capacityRps(true)).isCloseTo(8e9 / 9.6e6, offset(1e-9));
        assertThat(CliffService.capacityRps(false)).isCloseTo(1000.0 * Math.exp(-0.125), offset(1e-6));
    }
}
