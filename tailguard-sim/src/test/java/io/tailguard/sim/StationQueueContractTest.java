package io.tailguard.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.admission.RejectReason;
import io.tailguard.queue.BoundedQueueConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The contract of the FIFO waiting lines: capacity, order, shedding through the sink, never late. */
class StationQueueContractTest {

    private static final long MS = 1_000_000L;

    /** (capacity, max queueing time) → factory. */
    static Stream<Arguments> lines() {
        BiFunction<Integer, Duration, StationQueue.Factory> builtIn = StationQueues::bounded;
        BiFunction<Integer, Duration, StationQueue.Factory> core =
                (capacity, maxWait) -> StationQueues.core(BoundedQueueConfig.fifo(capacity, maxWait));
        return Stream.of(Arguments.of("built-in FIFO", builtIn), Arguments.of("core BoundedQueue FIFO", core));
    }

    private final List<String> shed = new ArrayList<>();
    private final StationQueue.ShedSink sink =
            (job, reason, nowNanos) -> shed.add(job.id() + " " + reason + " @" + nowNanos / MS);

    private static StationJob job(long id, long arrivalNanos) {
        StationJob job = new StationJob((int) id);
        job.id = id;
        job.arrivalNanos = arrivalNanos;
        return job;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lines")
    void refusesWithQueueFullAtCapacityAndServesOldestFirst(String name,
            BiFunction<Integer, Duration, StationQueue.Factory> line) {
        StationQueue queue = line.apply(3, Duration.ZERO).create(sink);
        for (int i = 0; i < 3; i++) {
            assertThat(queue.offer(job(i, i * MS), i * MS)).isNull();
        }
        assertThat(queue.offer(job(3, 3 * MS), 3 * MS)).isEqualTo(RejectReason.QUEUE_FULL);
        assertThat(queue.size()).isEqualTo(3);
        assertThat(queue.poll(10 * MS).id()).isZero();
        assertThat(queue.offer(job(4, 11 * MS), 11 * MS)).isNull();
        assertThat(List.of(queue.poll(12 * MS).id(), queue.poll(12 * MS).id(), queue.poll(12 * MS).id()))
                .containsExactly(1L, 2L, 4L);
        assertThat(queue.poll(12 * MS)).isNull();
        assertThat(queue.size()).isZero();
        assertThat(queue.shapes()).isFalse();
        assertThat(shed).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lines")
    void shedsJobsThatWaitedTooLongThroughTheSinkAndNeverReturnsThem(String name,
            BiFunction<Integer, Duration, StationQueue.Factory> line) {
        StationQueue queue = line.apply(10, Duration.ofMillis(5)).create(sink);
        queue.offer(job(0, 0), 0);
        queue.offer(job(1, 4 * MS), 4 * MS);
        assertThat(queue.poll(6 * MS).id()).isEqualTo(1L);
        assertThat(shed).containsExactly("0 QUEUE_TIMEOUT @6");
        assertThat(queue.size()).isZero();
        assertThat(queue.poll(7 * MS)).isNull();
    }
}
