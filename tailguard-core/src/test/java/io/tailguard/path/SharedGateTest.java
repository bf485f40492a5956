package io.tailguard.path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.queue.QueueDiscipline;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A route's shared gate (a bucket kept elsewhere) asked through the host, on a virtual scheduler. */
class SharedGateTest extends RouteFixture {

    private PathRoute<String> route(PoolSettings pool) {
        return route(pool, RouteSettings.plain("api"));
    }

    @Test
    void anAdmittedRequestGoesOnToThePoolWhenTheGateAnswers() {
        PathRoute<String> route = route(PoolSettings.of("app", 1, 10));
        Ticket<String> a = route.enterThroughGate("a", NONE, false, now());
        assertThat(host.take()).containsExactly("ask gate for a");
        assertThat(a.gated()).isTrue();
        assertThat(route.pool().inFlight()).isZero();
        scheduler.advanceNanos(3 * MS);
        route.pool().gateAnswered(a, true, 0L, now());
        assertThat(host.take()).containsExactly("forward a to 0 as 0");
        assertThat(a.gated()).isFalse();
        assertThat(route.pool().inFlight()).isEqualTo(1);
    }

    @Test
    void aRefusalIsAnsweredRateLimitedWithTheGatesWaitRoundedUp() {
        PathRoute<String> route = route(PoolSettings.of("app", 1, 10));
        Ticket<String> a = route.enterThroughGate("a", NONE, false, now());
        route.pool().gateAnswered(a, false, 1_200 * MS, now());
        assertThat(host.take()).containsExactly("ask gate for a", "answer a 429 rate_limited retry-after 2");
        assertThat(a.answer()).isEqualTo(LocalAnswer.RATE_LIMITED);
        assertThat(route.pool().inFlight()).isZero();
    }

    @Test
    void theDeadlineAnswersARequestStillWaitingAndALateAnswerChangesNothing() {
        PathRoute<String> route = route(PoolSettings.of("app", 1, 10));
        Ticket<String> a = route.enterThroughGate("a", 200 * MS, false, now());
        scheduler.advanceNanos(199 * MS);
        assertThat(host.take()).containsExactly("ask gate for a");
        scheduler.advanceNanos(MS);
        assertThat(host.take()).containsExactly("answer a 503 deadline_exceeded retry-after 10");
        route.pool().gateAnswered(a, true, 0L, now());
        assertThat(host.take()).isEmpty();
        assertThat(route.pool().inFlight()).isZero();
    }

    @Test
    void anAnswerInTimeStopsTheDeadlineTimerOfTheWait() {
        PathRoute<String> route = route(PoolSettings.of("app", 1, 10));
        Ticket<String> a = route.enterThroughGate("a", 200 * MS, false, now());
        route.pool().gateAnswered(a, true, 0L, now());
        Ticket<String> b = route.enterThroughGate("b", 200 * MS, false, now());
        route.pool().gateAnswered(b, false, 10 * MS, now());
        scheduler.advanceNanos(500 * MS);
        assertThat(host.take()).containsExactly("ask gate for a", "forward a to 0 as 0", "ask gate for b",
                "answer b 429 rate_limited retry-after 1", "cancel a 0", "answer a 504 upstream_timeout");
    }

    @Test
    void aClientThatLeavesWhileWaitingIsWithdrawnAndNeverForwarded() {
        PathRoute<String> route = route(PoolSettings.of("app", 1, 10));
        Ticket<String> a = route.enterThroughGate("a", 200 * MS, false, now());
        route.pool().clientLeft(a, now());
        route.pool().gateAnswered(a, true, 0L, now());
        scheduler.advanceNanos(500 * MS);
        assertThat(host.take()).containsExactly("ask gate for a");
        assertThat(a.settled()).isTrue();
        assertThat(route.pool().inFlight()).isZero();
    }

    @Test
    void anAdmittedRequestQueuesWhenThePoolIsFullWithTheDeadlineItCameWith() {
        PathRoute<String> route = route(PoolSettings.of("app", 1, 1).withQueue(5, Duration.ofSeconds(10),
                QueueDiscipline.FIFO));
        route.enter("first", NONE, false, now());
        Ticket<String> a = route.enterThroughGate("a", 300 * MS, false, now());
        scheduler.advanceNanos(100 * MS);
        route.pool().gateAnswered(a, true, 0L, now());
        assertThat(a.queued()).isTrue();
        scheduler.advanceNanos(200 * MS);
        assertThat(host.take()).containsExactly("forward first to 0 as 0", "ask gate for a",
                "answer a 503 deadline_exceeded retry-after 10");
    }

    @Test
    void aHostWithoutAGateIsToldSo() {
        DecisionPath<String> path = new DecisionPath<>(PoolSettings.of("app", 1, 10), scheduler,
                new PathHost<>() {
                    @Override
                    public void forward(String request, int backend, int attempt) {
                    }

                    @Override
                    public void answer(String request, LocalAnswer answer, long retryAfterSeconds) {
                    }

                    @Override
                    public void cancel(String request, int attempt) {
                    }
                }, new SplittableRandom(7));
        PathRoute<String> route = new PathRoute<>(RouteSettings.plain("api"), path, scheduler, now());
        assertThatThrownBy(() -> route.enterThroughGate("a", NONE, false, now()))
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessageStartingWith("askGate must be implemented by a host that enters requests through a shared"
                        + " gate");
    }
}
