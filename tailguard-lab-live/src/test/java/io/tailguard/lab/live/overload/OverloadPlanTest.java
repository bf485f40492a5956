package io.tailguard.lab.live.overload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class OverloadPlanTest {

    private static OverloadPlan plan(double scale) {
        return OverloadPlan.scaled(4, Duration.ofMillis(20), Duration.ofSeconds(1), Duration.ofMillis(500),
                Duration.ofSeconds(2), Duration.ofSeconds(6), scale);
    }

    @Test
    void capacityIsWorkersOverServiceTimeAndLoadsAreMultiplesOfIt() {
        OverloadPlan plan = plan(1);
        assertThat(plan.capacityRps()).isEqualTo(200.0);
        assertThat(plan.loads()).containsExactly(0.5, 1.0, 2.0, 5.0, 10.0);
        assertThat(plan.loads().stream().map(plan::offeredRps)).containsExactly(100L, 200L, 400L, 1000L, 2000L);
    }

    @Test
    void tailguardQueueHoldsWhatTheWorkersStartWithinTheQueueTimeout() {
        // 4 workers x 500 ms / 20 ms = 100 requests start within the queue timeout
        assertThat(plan(1).tailguardQueue()).isEqualTo(100);
        OverloadPlan tiny = OverloadPlan.scaled(1, Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofMillis(10),
                Duration.ZERO, Duration.ofSeconds(1), 1);
        assertThat(tiny.tailguardQueue()).isEqualTo(1);
    }

    @Test
    void connectionsCoverEveryRequestInFlightForTheClientTimeout() {
        OverloadPlan plan = plan(1);
        // 2,000/s for up to 1 s in flight, plus the margin
        assertThat(plan.connections(2000)).isEqualTo(2000 + 4 + 16);
        assertThat(plan.connections(100)).isEqualTo(120);
        assertThat(plan.connections(1_000_000)).isEqualTo(5000);
    }

    @Test
    void scaleShortensThePhasesButNotTheCapacityOrTheTimeouts() {
        OverloadPlan plan = plan(0.1);
        assertThat(plan.warmup()).isEqualTo(Duration.ofMillis(200));
        assertThat(plan.duration()).isEqualTo(Duration.ofMillis(600));
        assertThat(plan.serviceTime()).isEqualTo(Duration.ofMillis(20));
        assertThat(plan.clientTimeout()).isEqualTo(Duration.ofSeconds(1));
        assertThat(plan.queueTimeout()).isEqualTo(Duration.ofMillis(500));
    }

    @Test
    void refusesNoWorkers() {
        assertThatThrownBy(() -> OverloadPlan.scaled(0, Duration.ofMillis(20), Duration.ofSeconds(1),
                Duration.ofMillis(500), Duration.ZERO, Duration.ofSeconds(1), 1))
                .hasMessage("--workers must be >= 1 but was 0");
    }

    @Test
    void refusesMoreRequestsPerStepThanTheGeneratorSchedules() {
        // 10 x 256 / 1 ms = 2,560,000 requests/s for 10 s is 25.6 million requests
        assertThatThrownBy(() -> OverloadPlan.scaled(256, Duration.ofMillis(1), Duration.ofSeconds(1),
                Duration.ofMillis(500), Duration.ofSeconds(2), Duration.ofSeconds(8), 1))
                .hasMessage("--workers / --service-time x 10 x (--warmup + --duration) must be at most 20000000 "
                        + "requests per step but was 25600000");
    }
}
