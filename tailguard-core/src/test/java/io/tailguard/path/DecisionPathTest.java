package io.tailguard.path;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.queue.QueueDiscipline;
import io.tailguard.retry.RetryBudgetConfig;
import io.tailguard.time.VirtualScheduler;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DecisionPathTest {

    private static final long MS = 1_000_000L;
    private static final long NONE = Long.MAX_VALUE;

    private final VirtualScheduler scheduler = new VirtualScheduler();
    private final RecordingHost host = new RecordingHost();

    private DecisionPath<String> path(PoolSettings settings) {
        return new DecisionPath<>(settings, scheduler, host, new SplittableRandom(1));
    }

    private long now() {
        return scheduler.clock().nanoTime();
    }

    private void advanceMillis(long millis) {
        scheduler.advanceNanos(millis * MS);
    }

    /** Forwards one request, answers it after {@code millis} and ends it, so the path has seen one service time. */
    private void serveOne(DecisionPath<String> path, long millis) {
        Ticket<String> a = path.submit("a", NONE, now());
        advanceMillis(millis);
        path.responded(a, 0, now());
        path.ended(a, 0, Completion.SUCCESS, now());
    }

    private static PoolSettings queued(int backends, int maxConns, int queue, Duration timeout) {
        return PoolSettings.of("app", backends, maxConns).withQueue(queue, timeout, QueueDiscipline.FIFO);
    }

    @Test
    void forwardsAtOnceWhenABackendHasRoom() {
        DecisionPath<String> path = path(PoolSettings.of("app", 1, 1));
        Ticket<String> a = path.submit("a", NONE, now());
        assertThat(host.take()).containsExactly("forward a to 0 as 0");
        assertThat(path.inFlight()).isEqualTo(1);
        assertThat(a.queued()).isFalse();
    }

    @Test
    void refusesAsConcurrencyLimitedWithoutAQueue() {
        DecisionPath<String> path = path(PoolSettings.of("app", 1, 1));
        path.submit("a", NONE, now());
        Ticket<String> b = path.submit("b", NONE, now());
        assertThat(host.take()).containsExactly("forward a to 0 as 0",
                "answer b 503 concurrency_limited retry-after 10");
        assertThat(b.answer()).isEqualTo(LocalAnswer.CONCURRENCY_LIMITED);
    }

    @Test
    void queuesAtTheCapAndServesInOrderAsPermitsFree() {
        DecisionPath<String> path = path(queued(1, 1, 2, Duration.ofSeconds(10)));
        Ticket<String> a = path.submit("a", NONE, now());
        Ticket<String> b = path.submit("b", NONE, now());
        Ticket<String> c = path.submit("c", NONE, now());
        path.submit("d", NONE, now());
        assertThat(host.take()).containsExactly("forward a to 0 as 0", "answer d 503 queue_full retry-after 10");
        assertThat(path.queued()).isEqualTo(2);
        advanceMillis(40);
        assertThat(path.responded(a, 0, now())).isTrue();
        path.ended(a, 0, Completion.SUCCESS, now());
        assertThat(host.take()).containsExactly("forward b to 0 as 0");
        assertThat(b.queueWaitNanos()).isEqualTo(40 * MS);
        path.responded(b, 0, now());
        path.ended(b, 0, Completion.SUCCESS, now());
        assertThat(host.take()).containsExactly("forward c to 0 as 0");
        assertThat(c.queued()).isFalse();
        assertThat(path.meanServiceNanos()).isGreaterThan(0L);
    }

    @Test
    void answersQueueTimeoutWhenTheWaitIsOverWithoutWaitingForACompletion() {
        DecisionPath<String> path = path(queued(1, 1, 2, Duration.ofMillis(100)));
        path.submit("a", NONE, now());
        Ticket<String> b = path.submit("b", NONE, now());
        host.take();
        advanceMillis(99);
        assertThat(host.take()).isEmpty();
        advanceMillis(1);
        assertThat(host.take()).containsExactly("answer b 503 queue_timeout retry-after 1");
        assertThat(b.queueWaitNanos()).isEqualTo(100 * MS);
        assertThat(path.queued()).isZero();
    }

    @Test
    void answersDeadlineExceededWhenTheDeadlineComesBeforeTheQueueTimeout() {
        DecisionPath<String> path = path(queued(1, 1, 2, Duration.ofSeconds(10)));
        path.submit("a", NONE, now());
        path.submit("b", 30 * MS, now());
        host.take();
        advanceMillis(30);
        assertThat(host.take()).containsExactly("answer b 503 deadline_exceeded retry-after 10");
    }

    @Test
    void refusesAtOnceADeadlineShorterThanTheObservedServiceTime() {
        DecisionPath<String> path = path(queued(1, 1, 2, Duration.ofSeconds(10)));
        serveOne(path, 50);
        host.take();
        path.submit("short", 20 * MS, now());
        path.submit("long", 80 * MS, now());
        assertThat(host.take()).containsExactly("answer short 503 deadline_exceeded retry-after 1",
                "forward long to 0 as 0");
    }

    @Test
    void refusesAQueuedRequestExpectedToFinishAfterItsDeadline() {
        DecisionPath<String> path = path(queued(1, 1, 5, Duration.ofSeconds(10)));
        serveOne(path, 50);
        path.submit("b", NONE, now());
        host.take();
        // b is in service; c waits one service (50 ms) and needs one more: 100 ms
        path.submit("c", 99 * MS, now());
        path.submit("d", 150 * MS, now());
        assertThat(host.take()).containsExactly("answer c 503 deadline_exceeded retry-after 1");
        assertThat(path.queued()).isEqualTo(1);
    }

    @Test
    void withdrawsAQueuedRequestWhoseClientLeftAndNeverForwardsIt() {
        DecisionPath<String> path = path(queued(1, 1, 2, Duration.ofSeconds(10)));
        Ticket<String> a = path.submit("a", NONE, now());
        Ticket<String> b = path.submit("b", NONE, now());
        path.submit("c", NONE, now());
        advanceMillis(5);
        path.clientLeft(b, now());
        assertThat(path.queued()).isEqualTo(1);
        path.responded(a, 0, now());
        path.ended(a, 0, Completion.SUCCESS, now());
        assertThat(host.take()).containsExactly("forward a to 0 as 0", "forward c to 0 as 0");
        assertThat(b.queueWaitNanos()).isEqualTo(5 * MS);
        advanceMillis(20_000);
        assertThat(host.take()).isEmpty();
    }

    @Test
    void holdsTheCancelledPermitUntilTheBackendIsDone() {
        DecisionPath<String> path = path(queued(1, 1, 2, Duration.ofSeconds(10)));
        Ticket<String> a = path.submit("a", NONE, now());
        path.submit("b", NONE, now());
        path.clientLeft(a, now());
        assertThat(host.take()).containsExactly("forward a to 0 as 0", "cancel a 0");
        assertThat(path.inFlight()).isEqualTo(1);
        assertThat(path.queued()).isEqualTo(1);
        advanceMillis(30);
        path.ended(a, 0, Completion.SUCCESS, now());
        assertThat(host.take()).containsExactly("forward b to 0 as 0");
    }

    @Test
    void releasesTheCancelledPermitAtOnceWhenSetNotToHold() {
        DecisionPath<String> path = path(queued(1, 1, 2, Duration.ofSeconds(10)).withHoldCancelled(false));
        Ticket<String> a = path.submit("a", NONE, now());
        path.submit("b", NONE, now());
        path.clientLeft(a, now());
        assertThat(host.take()).containsExactly("forward a to 0 as 0", "cancel a 0", "forward b to 0 as 0");
        path.ended(a, 0, Completion.SUCCESS, now());
        assertThat(path.inFlight()).isEqualTo(1);
    }

    @Test
    void answersUpstreamTimeoutAndDropsThePermitWhenNoHeadComes() {
        DecisionPath<String> path = path(PoolSettings.of("app", 1, 1).withResponseTimeout(Duration.ofMillis(200)));
        Ticket<String> a = path.submit("a", NONE, now());
        advanceMillis(200);
        assertThat(host.take()).containsExactly("forward a to 0 as 0", "cancel a 0", "answer a 504 upstream_timeout");
        assertThat(path.responded(a, 0, now())).isFalse();
        assertThat(path.inFlight()).as("held until the host closed the connection").isEqualTo(1);
        path.ended(a, 0, Completion.SUCCESS, now());
        assertThat(path.inFlight()).isZero();
        path.ended(a, 0, Completion.SUCCESS, now());
        assertThat(path.inFlight()).as("a second report changes nothing").isZero();
    }

    @Test
    void retriesARefusedConnectionOnAnotherBackend() {
        DecisionPath<String> path = path(PoolSettings.of("app", 2, 1));
        Ticket<String> a = path.submit("a", NONE, now());
        path.refused(a, 0, now());
        assertThat(host.take()).containsExactly("forward a to 0 as 0", "forward a to 1 as 1");
        assertThat(path.inFlight(0)).isZero();
        assertThat(path.inFlight(1)).isEqualTo(1);
    }

    @Test
    void answersConnectFailedWhenTheRetryBudgetIsSpent() {
        PoolSettings settings = PoolSettings.of("app", 2, 1)
                .withRetries(new RetryBudgetConfig(0.0, 0, Duration.ofSeconds(10)), 3, Duration.ofSeconds(10));
        DecisionPath<String> path = path(settings);
        Ticket<String> a = path.submit("a", NONE, now());
        path.refused(a, 0, now());
        assertThat(host.take()).containsExactly("forward a to 0 as 0", "answer a 502 upstream_connect_failed");
    }

    @Test
    void ejectsABackendThatRefusesInARowAndSkipsItUntilTheEjectionEnds() {
        PoolSettings settings = PoolSettings.of("app", 2, 10)
                .withRetries(new RetryBudgetConfig(0.0, 0, Duration.ofSeconds(10)), 2, Duration.ofSeconds(5));
        DecisionPath<String> path = path(settings);
        Ticket<String> a = path.submit("a", NONE, now()); // round robin: backend 0
        Ticket<String> b = path.submit("b", NONE, now()); // backend 1
        Ticket<String> c = path.submit("c", NONE, now()); // backend 0
        path.refused(a, 0, now());
        path.refused(c, 0, now());
        assertThat(path.ejected(0, now())).isTrue();
        host.take();
        path.submit("d", NONE, now());
        path.submit("e", NONE, now());
        assertThat(host.take()).containsExactly("forward d to 1 as 0", "forward e to 1 as 0");
        advanceMillis(5_000);
        assertThat(path.ejected(0, now())).isFalse();
        assertThat(b.attempts()).isEqualTo(1);
    }

    @Test
    void anAttemptLostBeforeItsHeadIsAnsweredUpstreamClosed() {
        DecisionPath<String> path = path(PoolSettings.of("app", 1, 1));
        Ticket<String> a = path.submit("a", NONE, now());
        path.ended(a, 0, Completion.IGNORED, now());
        assertThat(host.take()).containsExactly("forward a to 0 as 0", "answer a 502 upstream_closed");
        assertThat(path.inFlight()).isZero();
    }

    @Test
    void retryAfterFollowsTheObservedDrainRate() {
        DecisionPath<String> path = path(queued(1, 1, 10, Duration.ofSeconds(30)));
        serveOne(path, 1_500);
        path.submit("b", NONE, now());
        path.submit("c", NONE, now());
        // one queued ahead of a newcomer: (1 + 1) x 1.5 s / 1 = 3 s
        assertThat(path.retryAfterSeconds()).isEqualTo(3L);
    }

    @Test
    void anAdaptiveLimitLearnsFromCompletions() {
        DecisionPath<String> path = path(PoolSettings.of("app", 1, 10).with(LimitKind.AIMD, BalancerKind.ROUND_ROBIN)
                .withResponseTimeout(Duration.ofMillis(100)));
        int before = path.limit(0);
        Ticket<String> slow = path.submit("slow", NONE, now());
        advanceMillis(100);
        assertThat(host.take()).contains("cancel slow 0", "answer slow 504 upstream_timeout");
        path.ended(slow, 0, Completion.IGNORED, now());
        assertThat(path.limit(0)).isLessThan(before);
        assertThat(slow.answer()).isEqualTo(LocalAnswer.UPSTREAM_TIMEOUT);
    }

    @Test
    void aTimedOutAttemptsPermitGoesOnOnlyWhenItsHostReportsItEnded() {
        DecisionPath<String> path = path(queued(1, 1, 1, Duration.ofSeconds(10)).withResponseTimeout(Duration.ofMillis(100)));
        Ticket<String> slow = path.submit("slow", NONE, now());
        path.submit("next", NONE, now());
        advanceMillis(100);
        assertThat(host.take()).containsExactly("forward slow to 0 as 0", "cancel slow 0", "answer slow 504 upstream_timeout");
        assertThat(path.inFlight()).isEqualTo(1);
        assertThat(path.queued()).isEqualTo(1);
        // the host closed the timed-out connection: only now may the queued request reach the backend
        path.ended(slow, 0, Completion.IGNORED, now());
        assertThat(host.take()).containsExactly("forward next to 0 as 0");
        assertThat(path.inFlight()).isEqualTo(1);
    }

    @Test
    void aRequestThatMayNotWaitIsRefusedWhereItWouldHaveQueued() {
        DecisionPath<String> path = path(queued(1, 1, 2, Duration.ofSeconds(10)));
        path.submit("a", NONE, now());
        Ticket<String> b = path.submit("b", NONE, false, now());
        assertThat(host.take()).containsExactly("forward a to 0 as 0", "answer b 503 concurrency_limited retry-after 10");
        assertThat(b.answer()).isEqualTo(LocalAnswer.CONCURRENCY_LIMITED);
        assertThat(path.queued()).isZero();
    }

    @Test
    void runsOnALimiterAndQueueTheHostBuilt() {
        io.tailguard.limit.ConcurrencyLimiter limiter = io.tailguard.limit.ConcurrencyLimiter.fixed(2);
        DecisionPath<String> path = new DecisionPath<>(PoolSettings.of("app", 1, 1).withResponseTimeout(Duration.ZERO),
                java.util.List.of(limiter), io.tailguard.queue.BoundedQueueConfig.fifo(1, Duration.ZERO), scheduler,
                host, new SplittableRandom(1));
        path.submit("a", NONE, now());
        path.submit("b", NONE, now());
        path.submit("c", NONE, now());
        path.submit("d", NONE, now());
        assertThat(host.take()).containsExactly("forward a to 0 as 0", "forward b to 0 as 0",
                "answer d 503 queue_full retry-after 1");
        assertThat(limiter.inFlight()).isEqualTo(2);
        assertThat(scheduler.pendingCount()).as("no response timeout, no queue timeout").isZero();
    }

    @Test
    void aDroppedCompletionTeachesAnAdaptiveLimitToShrink() {
        DecisionPath<String> path = path(PoolSettings.of("app", 1, 10).with(LimitKind.AIMD, BalancerKind.ROUND_ROBIN));
        Ticket<String> a = path.submit("a", NONE, now());
        advanceMillis(5);
        path.responded(a, 0, now());
        path.ended(a, 0, Completion.DROPPED, now());
        assertThat(path.limit(0)).isEqualTo(9);
    }

    @Test
    void admitsAtOnceOnlyWhileNobodyWaitsAndACompletionLetsTheQueueIn() {
        DecisionPath<String> path = path(queued(1, 1, 2, Duration.ofSeconds(10)));
        io.tailguard.admission.Permit first = path.admitAtOnce(now());
        assertThat(first).isNotNull();
        assertThat(path.admitAtOnce(now())).as("the backend is full").isNull();
        path.submit("waiting", NONE, now());
        assertThat(path.queued()).isEqualTo(1);
        advanceMillis(10);
        path.completeAtOnce(first, 0L, Completion.SUCCESS, now());
        assertThat(host.take()).containsExactly("forward waiting to 0 as 0");
        assertThat(path.meanServiceNanos()).as("learnt while a request waited").isEqualTo(10 * MS);
    }

    @Test
    void admitsAtOnceOnlyOnAPoolOfOneBackend() {
        DecisionPath<String> path = path(PoolSettings.of("app", 2, 1));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> path.admitAtOnce(now()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("admitAtOnce must be used on a pool of one backend but app has 2");
    }
}
