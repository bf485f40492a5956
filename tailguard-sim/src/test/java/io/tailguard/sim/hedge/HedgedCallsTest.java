package io.tailguard.sim.hedge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tailguard.hedge.HedgeDelay;
import io.tailguard.hedge.HedgePolicy;
import io.tailguard.sim.Station;
import io.tailguard.sim.service.ServiceModel;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HedgedCallsTest {

    private static final ServiceModel TEN_MS = ServiceModel.fixed(Duration.ofMillis(10));
    private static final long SLA_NANOS = 50_000_000L;
    private static final HedgePolicy HEDGE_AFTER_5_MS = new HedgePolicy(2, HedgeDelay.fixed(Duration.ofMillis(5)),
            Duration.ofSeconds(1), Optional.empty(), e -> true);

    @Test
    void withoutAPolicyEachCallIsOneAttempt() {
        HedgedCalls.Result r = new HedgedCalls(null, Station.UNBOUNDED_WORKERS, TEN_MS, 100.0, 1_000, 1, SLA_NANOS).run();
        assertThat(r.calls()).isEqualTo(1_000L);
        assertThat(r.hedged()).isZero();
        assertThat(r.extraAttempts()).isZero();
        assertThat(r.slaMisses()).isZero();
        assertThat(r.percentileMs(99.9)).isCloseTo(10.0, within(0.01));
    }

    @Test
    void aCallSlowerThanItsDelayIsHedgedAndTheFirstAnswerWins() {
        HedgedCalls.Result r = new HedgedCalls(HEDGE_AFTER_5_MS, Station.UNBOUNDED_WORKERS, TEN_MS, 100.0, 1_000, 1,
                SLA_NANOS).run();
        assertThat(r.hedged()).isEqualTo(1_000L);
        assertThat(r.extraAttempts()).isEqualTo(1_000L);
        assertThat(r.percentileMs(50.0)).isCloseTo(10.0, within(0.01));
    }

    @Test
    void aCallSlowerThanTheServiceLimitMissesIt() {
        ServiceModel sixtyMs = ServiceModel.fixed(Duration.ofMillis(60));
        HedgedCalls.Result r = new HedgedCalls(null, Station.UNBOUNDED_WORKERS, sixtyMs, 100.0, 500, 1, SLA_NANOS).run();
        assertThat(r.slaMisses()).isEqualTo(500L);
    }

    @Test
    void aHedgeThatStartedRunsToItsEndOnALimitedBackend() {
        HedgedCalls.Result plain = new HedgedCalls(null, 2, TEN_MS, 20.0, 5_000, 3, SLA_NANOS).run();
        HedgedCalls.Result hedged = new HedgedCalls(HEDGE_AFTER_5_MS, 2, TEN_MS, 20.0, 5_000, 3, SLA_NANOS).run();
        assertThat(plain.busyPct()).isBetween(8.0, 12.0);
        assertThat(hedged.busyPct()).isGreaterThan(1.7 * plain.busyPct());
    }

    @Test
    void sameSeedGivesTheSameNumbers() {
        HedgedCalls.Result first = new HedgedCalls(HEDGE_AFTER_5_MS, 2, TEN_MS, 150.0, 2_000, 9, SLA_NANOS).run();
        HedgedCalls.Result again = new HedgedCalls(HEDGE_AFTER_5_MS, 2, TEN_MS, 150.0, 2_000, 9, SLA_NANOS).run();
        HedgedCalls.Result other = new HedgedCalls(HEDGE_AFTER_5_MS, 2, TEN_MS, 150.0, 2_000, 10, SLA_NANOS).run();
        assertThat(again.latencyMicros()).isEqualTo(first.latencyMicros());
        assertThat(again.busyPct()).isEqualTo(first.busyPct());
        assertThat(other.latencyMicros()).isNotEqualTo(first.latencyMicros());
    }
}
