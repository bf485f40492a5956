package io.tailguard.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.testing.Threads;
import org.junit.jupiter.api.Test;

class DrainEstimatorTest {

    private static final long S = 1_000_000_000L;

    @Test
    void unknownUntilTheFirstSample() {
        DrainEstimator drain = new DrainEstimator(0.5);
        assertThat(drain.expectedWaitNanos(3, 1)).isEqualTo(DrainEstimator.UNKNOWN);
        drain.observe(5 * S);
        assertThat(drain.meanServiceNanos()).isEqualTo(5 * S);
    }

    @Test
    void waitGrowsWithThoseAheadAndShrinksWithWorkers() {
        DrainEstimator drain = new DrainEstimator(1.0);
        drain.observe(5 * S);
        assertThat(drain.expectedWaitNanos(0, 1)).isEqualTo(5 * S);
        assertThat(drain.expectedWaitNanos(2, 1)).isEqualTo(15 * S);
        assertThat(drain.expectedWaitNanos(2, 3)).isEqualTo(5 * S);
    }

    @Test
    void averagesWithTheGivenWeight() {
        DrainEstimator drain = new DrainEstimator(0.25);
        drain.observe(8 * S);
        drain.observe(0);
        assertThat(drain.meanServiceNanos()).isEqualTo(6 * S);
    }

    @Test
    void validatesArguments() {
        assertThatThrownBy(() -> new DrainEstimator(0)).hasMessage("alpha must be > 0 and <= 1 but was 0.0");
        assertThatThrownBy(() -> new DrainEstimator(0.5).expectedWaitNanos(0, 0))
                .hasMessageContaining("workers");
    }

    @Test
    void aRequestThatCannotFinishWithinItsBudgetIsNotWorthQueueingOrStarting() {
        DrainEstimator drain = new DrainEstimator(1.0);
        assertThat(drain.finishesInTime(5, 1, 1)).as("unknown: no grounds to refuse").isTrue();
        assertThat(drain.worthStarting(1)).isTrue();
        drain.observe(5 * S);
        // One ahead, one worker: starts after 10 s, done after 15 s.
        assertThat(drain.finishesInTime(1, 1, 15 * S)).isTrue();
        assertThat(drain.finishesInTime(1, 1, 15 * S - 1)).isFalse();
        assertThat(drain.worthStarting(5 * S)).isTrue();
        assertThat(drain.worthStarting(5 * S - 1)).isFalse();
    }

    @Test
    void samplesFromManyThreadsLeaveAMeanThatOneOfThemWrote() throws Exception {
        DrainEstimator drain = new DrainEstimator(1.0); // the mean is the last sample, whole
        int threads = 4;
        Threads.runTogether(threads, thread -> {
            long sample = (thread + 1) * S;
            for (int i = 0; i < 20_000; i++) {
                drain.observe(sample);
                long mean = drain.meanServiceNanos();
                if (mean % S != 0 || mean < S || mean > threads * S) {
                    throw new AssertionError("a mean no thread wrote: " + mean);
                }
            }
        });
        assertThat(drain.meanServiceNanos()).isIn(S, 2 * S, 3 * S, 4 * S);
    }
}
