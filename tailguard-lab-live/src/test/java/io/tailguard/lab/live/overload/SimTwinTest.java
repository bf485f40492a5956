package io.tailguard.lab.live.overload;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.config.DurationText;
import io.tailguard.path.LimitKind;
import io.tailguard.proxy.config.PoolConfig;
import io.tailguard.proxy.config.ProxyConfig;
import io.tailguard.queue.QueueDiscipline;
import io.tailguard.sim.path.PathSimulation;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class SimTwinTest {

    private final OverloadPlan plan = OverloadPlan.scaled(4, Duration.ofMillis(20), Duration.ofSeconds(1),
            Duration.ofMillis(500), Duration.ofSeconds(2), Duration.ofSeconds(6), 1);

    @Test
    void twinRunsThePoolTheLiveProxyReads() {
        PoolConfig pool = TailguardFront.pool(plan, false);
        assertThat(pool.maxConns()).isEqualTo(4);
        assertThat(pool.limit()).isEqualTo(LimitKind.FIXED);
        assertThat(pool.queueConfig().discipline()).isEqualTo(QueueDiscipline.CODEL);
        assertThat(pool.queueConfig().capacity()).isEqualTo(100);
        assertThat(pool.queueConfig().maxQueueingTime()).isEqualTo(Duration.ofMillis(500));
        assertThat(TailguardFront.pool(plan, true).limit()).isEqualTo(LimitKind.GRADIENT2);
    }

    private static final double HOP_MS =
            DurationText.parseNonNegative("hop", PathSimulation.DEFAULT_HOP).toNanos() / 1e6;

    @Test
    void underCapacityEveryRequestSucceedsInOneServiceTimeAndTheHop() {
        OverloadRow row = SimTwin.row(plan, TailguardFront.config(plan, false), 0.5);
        assertThat(row.source()).isEqualTo("sim");
        assertThat(row.setup()).isEqualTo("tailguard-fixed");
        assertThat(row.goodputRps()).isEqualTo(100.0);
        assertThat(row.shedRps()).isZero();
        assertThat(row.p99Ms()).isBetween(19.9 + HOP_MS, 20.1 + HOP_MS);
    }

    @Test
    void atTenTimesCapacityCoDelKeepsGoodputAtWhatTheHeldPermitsAllowAndShedsTheRest() {
        OverloadRow row = SimTwin.row(plan, TailguardFront.config(plan, false), 10);
        assertThat(row.offeredRps()).isEqualTo(2000);
        // every permit stays taken for the service time and the hop: goodput is 4 / (20 ms + hop), plus
        // the few requests of the measured window that were queued or in service at its end and finish
        // after it (counted by arrival, as live)
        double held = 4_000.0 / (20.0 + HOP_MS);
        assertThat(row.goodputRps()).isBetween(held - 1.0, held + 5.0);
        assertThat(row.goodputRps() + row.shedRps() + row.errorRps()).isBetween(1990.0, 2010.0);
        assertThat(row.p99Ms()).isLessThan(500.0);
        assertThat(row.errorRps()).isZero();
    }

    @Test
    void irregularArrivalsAndALongerPermitBringTheTwinTowardsWhatLiveRunsSee() {
        ProxyConfig pool = TailguardFront.config(plan, false);
        OverloadRow exact = SimTwin.row(plan, pool, 5);
        OverloadRow jittered = SimTwin.jittered(plan, pool, 5, Duration.ofNanos(20_700_000));
        // periodic arrivals keep CoDel's queue at a request or two; Poisson ones let it stand longer
        assertThat(exact.p99Ms()).isLessThan(35.0);
        assertThat(jittered.p99Ms()).isGreaterThan(60.0).isLessThan(500.0);
        // a permit held 20.7 ms serves 4 / 20.7 ms = 193 requests/s, not 200
        assertThat(jittered.goodputRps()).isBetween(185.0, 197.0);
    }

    @Test
    void thePermitTimeIsTheCapOverTheLiveGoodputAtTheHighestLoad() {
        // 4 permits / 193.333 requests/s = 20.689691 ms each
        OverloadRow live = new OverloadRow("live", "tailguard-fixed", 10, 2000, 200, 193.333, 30, 125, 1806, 0, 150);
        assertThat(OverloadFindings.effectiveService(java.util.List.of(live), plan))
                .contains(Duration.ofNanos(20_689_691));
        OverloadRow none = new OverloadRow("live", "tailguard-fixed", 10, 2000, 200, 0, Double.NaN, Double.NaN, 0,
                2000, 150);
        assertThat(OverloadFindings.effectiveService(java.util.List.of(none), plan)).isEmpty();
    }
}
