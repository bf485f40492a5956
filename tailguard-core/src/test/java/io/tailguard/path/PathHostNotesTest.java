package io.tailguard.path;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.queue.QueueDiscipline;
import io.tailguard.time.VirtualScheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** What the path tells a host for its meters, and what a host may read of a ticket to carry a command out. */
class PathHostNotesTest {

    private static final long MS = 1_000_000L;
    private static final long NONE = Long.MAX_VALUE;

    private final VirtualScheduler scheduler = new VirtualScheduler();
    private final NotingHost host = new NotingHost();

    /** Records the notes, and the commands through a {@link RecordingHost}. */
    private static final class NotingHost implements PathHost<String> {
        final RecordingHost commands = new RecordingHost();
        final List<String> notes = new ArrayList<>();

        @Override
        public void forward(String request, int backend, int attempt) {
            commands.forward(request, backend, attempt);
        }

        @Override
        public void answer(String request, LocalAnswer answer, long retryAfterSeconds) {
            commands.answer(request, answer, retryAfterSeconds);
        }

        @Override
        public void cancel(String request, int attempt) {
            commands.cancel(request, attempt);
        }

        @Override
        public void queued(String request) {
            notes.add("queued " + request);
        }

        @Override
        public void completed(int backend, long heldNanos, Completion completion) {
            notes.add("completed on " + backend + " after " + heldNanos / MS + " ms " + completion);
        }
    }

    private long now() {
        return scheduler.clock().nanoTime();
    }

    private DecisionPath<String> path(PoolSettings settings) {
        return new DecisionPath<>(settings, scheduler, host, new SplittableRandom(1));
    }

    @Test
    void notesARequestThatEntersTheQueueButNotOneRefusedAsTheQueueIsFull() {
        DecisionPath<String> path = path(PoolSettings.of("app", 1, 1).withQueue(1, Duration.ofSeconds(10),
                QueueDiscipline.FIFO));
        Ticket<String> a = path.submit("a", NONE, now());
        Ticket<String> b = path.submit("b", NONE, now());
        Ticket<String> c = path.submit("c", NONE, now());
        assertThat(host.notes).containsExactly("queued b");
        assertThat(a.waited()).isFalse();
        assertThat(b.waited()).isTrue();
        assertThat(c.waited()).as("refused queue_full").isFalse();
        scheduler.advanceNanos(30 * MS);
        path.responded(a, 0, now());
        path.ended(a, 0, Completion.SUCCESS, now());
        assertThat(b.waited()).as("still true once it went on").isTrue();
        assertThat(b.queueWaitNanos()).isEqualTo(30 * MS);
    }

    @Test
    void notesEveryCompletedPermitWithItsBackendTimeAndOutcome() {
        DecisionPath<String> path = path(PoolSettings.of("app", 1, 2).withResponseTimeout(Duration.ofMillis(100)));
        Ticket<String> a = path.submit("a", NONE, now());
        scheduler.advanceNanos(20 * MS);
        path.responded(a, 0, now());
        path.ended(a, 0, Completion.SUCCESS, now());
        Ticket<String> b = path.submit("b", NONE, now());
        scheduler.advanceNanos(100 * MS); // b's response timeout: cancelled, and dropped once its host closed it
        path.ended(b, 0, Completion.IGNORED, now());
        assertThat(host.notes).containsExactly("completed on 0 after 20 ms SUCCESS",
                "completed on 0 after 100 ms DROPPED");
    }

    @Test
    void aCancelledAttemptIsHeldUntilItsHostReportsTheEndOnlyWhenThePoolHoldsCancelledPermits() {
        DecisionPath<String> holding = path(PoolSettings.of("app", 1, 1));
        Ticket<String> a = holding.submit("a", NONE, now());
        holding.clientLeft(a, now());
        assertThat(a.holding(0)).isTrue();
        assertThat(holding.inFlight()).isEqualTo(1);
        holding.ended(a, 0, Completion.IGNORED, now());
        assertThat(a.holding(0)).isFalse();
        assertThat(holding.inFlight()).isZero();

        DecisionPath<String> freeing = path(PoolSettings.of("app", 1, 1).withHoldCancelled(false));
        Ticket<String> b = freeing.submit("b", NONE, now());
        freeing.clientLeft(b, now());
        assertThat(b.holding(0)).isFalse();
        assertThat(freeing.inFlight()).isZero();
        assertThat(b.holding(1)).as("no such attempt").isFalse();
    }

    @Test
    void aRouteAsksItsGatesApartFromEnteringThePoolSoAHostMayAskAGateOfItsOwnInBetween() {
        DecisionPath<String> path = path(PoolSettings.of("app", 1, 10));
        PathRoute<String> route = new PathRoute<>(new RouteSettings("api", Duration.ofMillis(300),
                new RateSettings(1, 1), null, null), path, scheduler, now());
        assertThat(route.rateWaitNanos(null, now())).isZero();
        assertThat(route.rateWaitNanos(null, now())).as("the token was spent").isPositive();
        assertThat(host.commands.take()).as("asking the gates forwards nothing").isEmpty();
        Ticket<String> a = route.enter("a", NONE, false, now());
        assertThat(host.commands.take()).containsExactly("forward a to 0 as 0");
        assertThat(a.remainingNanos(now())).as("the route's default deadline").isEqualTo(300 * MS);
        assertThat(route.budgetNanos(50 * MS)).isEqualTo(50 * MS);
        assertThat(PathRoute.retryAfterSeconds(1L)).isEqualTo(1L);
        assertThat(PathRoute.retryAfterSeconds(1_000_000_001L)).isEqualTo(2L);
    }
}
