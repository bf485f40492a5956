package io.tailguard.proxy.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BodyPaceTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void aBodyThatNeverStartsIsLateOneTimeoutAfterItWasAskedFor() {
        BodyPace pace = new BodyPace(10 * SECOND, 240);
        pace.start(5 * SECOND);
        assertThat(pace.deadlineNanos()).isEqualTo(15 * SECOND);
    }

    @Test
    void aBodyAtTheMinimumRateNeverFallsBehind() {
        BodyPace pace = new BodyPace(10 * SECOND, 240);
        pace.start(0);
        for (long t = 1; t <= 100; t++) {
            pace.progress(t * SECOND, 240);
            assertThat(pace.deadlineNanos()).as("after %d s", t).isEqualTo((t + 10) * SECOND);
        }
    }

    @Test
    void aSteadyTrickleBelowTheRateIsLateOnceItsEarnedTimeRunsOut() {
        BodyPace pace = new BodyPace(10 * SECOND, 240);
        pace.start(0);
        for (long t = 1; t <= 20; t++) {
            pace.progress(t * SECOND, 1); // 1 byte a second: never a stall, far below 240 bytes a second
        }
        assertThat(pace.deadlineNanos()).isEqualTo(10 * SECOND + 20 * SECOND / 240);
    }

    @Test
    void aStallIsLateOneTimeoutAfterTheLastByteWhateverCameBefore() {
        BodyPace pace = new BodyPace(10 * SECOND, 240);
        pace.start(0);
        pace.progress(SECOND, 1_000_000);
        assertThat(pace.deadlineNanos()).isEqualTo(11 * SECOND);
    }

    @Test
    void withNoRateOnlyAStallIsLate() {
        BodyPace pace = new BodyPace(10 * SECOND, 0);
        pace.start(0);
        pace.progress(9 * SECOND, 1);
        assertThat(pace.deadlineNanos()).isEqualTo(19 * SECOND);
    }

    @Test
    void aWaitTheProxyCausedIsNotCountedAgainstTheClient() {
        BodyPace pace = new BodyPace(10 * SECOND, 240);
        pace.start(0);
        pace.progress(SECOND, 480); // earned 2 s
        pace.resume(30 * SECOND);
        assertThat(pace.deadlineNanos()).isEqualTo(40 * SECOND);
        pace.progress(31 * SECOND, 0);
        assertThat(pace.deadlineNanos()).isEqualTo(40 * SECOND);
    }
}
