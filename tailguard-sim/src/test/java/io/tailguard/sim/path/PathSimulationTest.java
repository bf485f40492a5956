package io.tailguard.sim.path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.tailguard.path.LocalAnswer;
import io.tailguard.path.PoolSettings;
import io.tailguard.path.RouteSettings;
import io.tailguard.queue.QueueDiscipline;
import io.tailguard.sim.arrival.ArrivalSource;
import io.tailguard.sim.service.ServiceModel;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class PathSimulationTest {

    private static final long MS = 1_000_000L;
    private static final List<RouteSettings> ONE_ROUTE = List.of(RouteSettings.plain("all"));

    private static PoolSettings oneByOne(int queue) {
        return PoolSettings.of("app", 1, 1).withQueue(queue, Duration.ofSeconds(10), QueueDiscipline.FIFO);
    }

    private static Traffic threeRequests(double deadlineShare) {
        return new Traffic(ArrivalSource.constant(Duration.ofMillis(10)), Duration.ofMillis(30),
                ServiceModel.fixed(Duration.ofMillis(150)), deadlineShare, List.of("client"), false);
    }

    @Test
    void servesEverythingInTimeBelowCapacity() {
        PathResult result = PathSimulation.run(PoolSettings.of("app", 1, 4), ONE_ROUTE,
                List.of(BackendModel.of(4, ServiceModel.fixed(Duration.ofMillis(20)))),
                Traffic.of(ArrivalSource.constant(Duration.ofMillis(10)), Duration.ofSeconds(2),
                        ServiceModel.fixed(Duration.ofSeconds(1))), 1);
        assertThat(result.offered()).isEqualTo(200);
        assertThat(result.goodput()).isEqualTo(200);
        assertThat(result.rejected()).isZero();
        assertThat(result.goodputMillis(99)).isCloseTo(20.0, within(0.02));
        assertThat(result.busyBackendNanos()).isEqualTo(200 * 20 * MS);
        assertThat(result.meanLimit()).isEqualTo(4.0);
        assertThat(result.limitTrace()).hasSize(20).containsOnly(4);
    }

    @Test
    void countsOnlyTheRequestsArrivingAfterTheWarmUpButServesTheWarmUpsToo() {
        // one worker, 30 ms each, a request every 10 ms: the line grows through the warm-up, so the
        // first measured request (at 500 ms) already waits behind those that came before it
        PathResult result = PathSimulation.run(PoolSettings.of("app", 1, 100), ONE_ROUTE,
                List.of(BackendModel.of(1, ServiceModel.fixed(Duration.ofMillis(30)))),
                Traffic.of(ArrivalSource.constant(Duration.ofMillis(10)), Duration.ofSeconds(1),
                        ServiceModel.fixed(Duration.ofMinutes(1))), 1, Duration.ofMillis(500));
        assertThat(result.offered()).isEqualTo(50);
        assertThat(result.goodput()).isEqualTo(50);
        assertThat(result.perSecond(result.offered())).isEqualTo(100.0);
        assertThat(result.busyBackendNanos()).isEqualTo(100 * 30 * MS);
        // request 50 arrives at 500 ms and starts once the 50 before it took 1500 ms: 1000 ms waiting, 30 served
        assertThat(result.goodputMicros().getMinValue() / 1000.0).isCloseTo(1030.0, within(1.0));
    }

    @Test
    void withdrawsAQueuedRequestWhoseClientLeftSoItNeverReachesTheBackend() {
        // r0 is served 0-100 ms; r1 waits from 10 ms, starts at 100 and its client leaves at 160 in
        // service; r2 waits from 20 ms and its client leaves at 170 while it still waits.
        PathResult result = PathSimulation.run(oneByOne(10), ONE_ROUTE,
                List.of(BackendModel.of(1, ServiceModel.fixed(Duration.ofMillis(100)))), threeRequests(0.0), 1);
        assertThat(result.goodput()).isEqualTo(1);
        assertThat(result.gone()).isEqualTo(2);
        assertThat(result.busyBackendNanos()).isEqualTo(200 * MS);
        assertThat(result.wastedBackendNanos()).isEqualTo(100 * MS);
    }

    @Test
    void aDeadlineHeaderSparesTheBackendWorkForClientsThatWillBeGone() {
        // with the patience as a deadline, r1 and r2 have 60 and 70 ms left when a permit frees:
        // less than the 100 ms the path has observed, so both are answered at once instead.
        PathResult result = PathSimulation.run(oneByOne(10), ONE_ROUTE,
                List.of(BackendModel.of(1, ServiceModel.fixed(Duration.ofMillis(100)))), threeRequests(1.0), 1);
        assertThat(result.goodput()).isEqualTo(1);
        assertThat(result.answered(LocalAnswer.DEADLINE_EXCEEDED)).isEqualTo(2);
        assertThat(result.gone()).isZero();
        assertThat(result.busyBackendNanos()).isEqualTo(100 * MS);
        assertThat(result.wastedBackendNanos()).isZero();
    }

    @Test
    void retriesRefusedConnectionsOnTheOtherBackend() {
        PoolSettings pool = PoolSettings.of("app", 2, 4);
        PathResult result = PathSimulation.run(pool, ONE_ROUTE, List.of(
                        new BackendModel(4, ServiceModel.fixed(Duration.ofMillis(10)), null, 1.0),
                        BackendModel.of(4, ServiceModel.fixed(Duration.ofMillis(10)))),
                Traffic.of(ArrivalSource.constant(Duration.ofMillis(20)), Duration.ofSeconds(1),
                        ServiceModel.fixed(Duration.ofSeconds(1))), 1);
        assertThat(result.goodput()).isEqualTo(result.offered());
        assertThat(result.answered(LocalAnswer.UPSTREAM_CONNECT_FAILED)).isZero();
    }

    @Test
    void everyRequestEndsExactlyOneWayUnderOverload() {
        PoolSettings pool = PoolSettings.of("app", 2, 4).withQueue(20, Duration.ofMillis(500), QueueDiscipline.FIFO);
        PathResult result = PathSimulation.run(pool, ONE_ROUTE, List.of(
                        BackendModel.of(4, ServiceModel.lognormal(Duration.ofMillis(20), 1.0)),
                        BackendModel.of(4, ServiceModel.exponential(Duration.ofMillis(30)))),
                new Traffic(ArrivalSource.poisson(900), Duration.ofSeconds(5), ServiceModel.fixed(Duration.ofMillis(300)),
                        0.5, List.of("a", "b"), true), 7);
        long answered = 0;
        for (LocalAnswer answer : LocalAnswer.values()) {
            answered += result.answered(answer);
        }
        assertThat(result.goodput() + answered + result.gone()).isEqualTo(result.offered());
        assertThat(result.rejected()).isPositive();
        assertThat(result.goodputMillis(100)).isLessThanOrEqualTo(300.0);
    }

    @Test
    void theSameSeedGivesTheSameResult() {
        PoolSettings pool = PoolSettings.of("app", 2, 3).withQueue(10, Duration.ofMillis(200), QueueDiscipline.CODEL);
        List<BackendModel> backends = List.of(
                new BackendModel(3, ServiceModel.lognormal(Duration.ofMillis(20), 0.8),
                        ConcurrencyDelay.parse("2=>1;3=>10;=>50"), 0.01),
                BackendModel.of(3, ServiceModel.exponential(Duration.ofMillis(25))));
        Traffic traffic = new Traffic(ArrivalSource.poisson(400), Duration.ofSeconds(3),
                ServiceModel.exponential(Duration.ofMillis(400)), 0.5, List.of("a", "b"), true);
        PathResult one = PathSimulation.run(pool, ONE_ROUTE, backends, traffic, 42);
        PathResult two = PathSimulation.run(pool, ONE_ROUTE, backends, traffic, 42);
        PathResult other = PathSimulation.run(pool, ONE_ROUTE, backends, traffic, 43);
        assertThat(two.goodput()).isEqualTo(one.goodput());
        assertThat(two.answers()).containsExactly(one.answers());
        assertThat(two.wastedBackendNanos()).isEqualTo(one.wastedBackendNanos());
        assertThat(two.goodputMicros()).isEqualTo(one.goodputMicros());
        assertThat(other.busyBackendNanos()).isNotEqualTo(one.busyBackendNanos());
    }

    @Test
    void aHopPerForwardLowersSaturatedGoodputToTheWorkersOverServiceTimePlusHop() {
        // 4 workers of 20 ms behind a cap of 4, offered twice capacity: each permit is held for the
        // 20 ms of service and the 5 ms hop, while the worker waits, so 4 / 25 ms = 160/s, not 200/s
        PoolSettings pool = PoolSettings.of("app", 1, 4).withQueue(4, Duration.ofSeconds(10), QueueDiscipline.FIFO);
        List<BackendModel> backend = List.of(BackendModel.of(4, ServiceModel.fixed(Duration.ofMillis(20))));
        Traffic traffic = Traffic.of(ArrivalSource.constantRate(400), Duration.ofSeconds(10),
                ServiceModel.fixed(Duration.ofSeconds(30)));
        PathResult without = PathSimulation.run(pool, ONE_ROUTE, backend, traffic, 1, Duration.ofSeconds(1));
        PathResult with = PathSimulation.run(pool, ONE_ROUTE, backend, traffic, 1, Duration.ofSeconds(1),
                Duration.ofMillis(5));
        // over the 9 s counted, plus the few queued at the end and served after it
        assertThat(without.perSecond(without.goodput())).isBetween(200.0, 201.5);
        assertThat(with.perSecond(with.goodput())).isBetween(160.0, 161.5);
    }

    @Test
    void aHopAddsItsTimeToEachResponseBelowCapacity() {
        PathResult result = PathSimulation.run(PoolSettings.of("app", 1, 4), ONE_ROUTE,
                List.of(BackendModel.of(4, ServiceModel.fixed(Duration.ofMillis(20)))),
                Traffic.of(ArrivalSource.constant(Duration.ofMillis(10)), Duration.ofSeconds(2),
                        ServiceModel.fixed(Duration.ofSeconds(1))), 1, Duration.ZERO, Duration.ofMillis(3));
        assertThat(result.goodput()).isEqualTo(200);
        assertThat(result.goodputMillis(50)).isCloseTo(23.0, within(0.02));
        assertThat(result.goodputMillis(99)).isCloseTo(23.0, within(0.02));
    }

    @Test
    void refusesANegativeHop() {
        assertThatThrownBy(() -> PathSimulation.run(PoolSettings.of("app", 1, 4),
                        ONE_ROUTE, List.of(BackendModel.of(4, ServiceModel.fixed(Duration.ofMillis(20)))),
                        Traffic.of(ArrivalSource.constant(Duration.ofMillis(10)), Duration.ofSeconds(1),
                                ServiceModel.fixed(Duration.ofSeconds(1))), 1, Duration.ZERO, Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("hop must be at least 0 but was PT-0.001S");
    }

    @Test
    void anAnswerNobodyWaitedForTeachesThePathNothingAsTheProxyDropsIt() {
        // With seed 1, r0 (at 0) sends no deadline and r1 (at 200 ms) a deadline of its 50 ms patience.
        // r0 starts at once and its client leaves at 50 ms while the backend works on to 100 ms; the
        // proxy reads and drops that answer, teaching nothing. So at 200 ms the path still knows no
        // service time and starts r1 (which times out at its deadline) rather than refusing its 50 ms
        // as shorter than the 100 ms it would have learnt.
        PathResult result = PathSimulation.run(PoolSettings.of("app", 1, 1), ONE_ROUTE,
                List.of(BackendModel.of(1, ServiceModel.fixed(Duration.ofMillis(100)))),
                new Traffic(ArrivalSource.constant(Duration.ofMillis(200)), Duration.ofMillis(400),
                        ServiceModel.fixed(Duration.ofMillis(50)), 0.5, List.of("client"), false), 1);
        assertThat(result.offered()).isEqualTo(2);
        assertThat(result.gone()).isEqualTo(1);
        assertThat(result.answered(LocalAnswer.DEADLINE_EXCEEDED)).isZero();
        assertThat(result.answered(LocalAnswer.UPSTREAM_TIMEOUT)).isEqualTo(1);
    }
}
