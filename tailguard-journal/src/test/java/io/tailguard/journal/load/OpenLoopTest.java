package io.tailguard.journal.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class OpenLoopTest {

    /** A clock that moves 1 µs per reading, plus whatever the test adds; never waits for real time. */
    private long nowNanos;

    private long read() {
        nowNanos += 1_000;
        return nowNanos;
    }

    @Test
    void measuresFromTheIntendedSendTimeSoAStallDelaysEveryMessageBehindIt() {
        List<Long> latencies = new ArrayList<>();
        OpenLoop[] loop = new OpenLoop[1];
        loop[0] = new OpenLoop(this::read, 1_000, 16, 10, 2, 0, new SplittableRandom(1), latencies::add);
        boolean done = loop[0].run((message, index) -> {
            if (index == 4) {
                nowNanos += 5_000_000; // the sender stalls 5 ms on message 4
            }
            loop[0].committedUpTo(index);
        }, 1_000_000);
        assertThat(done).isTrue();
        assertThat(latencies).hasSize(8); // 10 messages, 2 of warm-up
        // messages 2 and 3 commit about at their due time
        assertThat(latencies.get(0)).isLessThan(10_000L);
        assertThat(latencies.get(1)).isLessThan(10_000L);
        // message 4 took the stall; 5 and 6 were due 1 and 2 ms later but could only go after it
        assertThat(latencies.get(2)).isGreaterThanOrEqualTo(5_000_000L);
        assertThat(latencies.get(3)).isBetween(3_900_000L, 4_200_000L);
        assertThat(latencies.get(4)).isBetween(2_900_000L, 3_200_000L);
    }

    @Test
    void writesTheValueAndIndexIntoEachMessageAndMarksAboutTheAskedShareAsLarge() {
        int[] large = {0};
        long[] lastIndex = {-1};
        OpenLoop[] loop = new OpenLoop[1];
        loop[0] = new OpenLoop(this::read, 1_000, 32, 20_000, 0, 100, new SplittableRandom(7), l -> { });
        loop[0].run((message, index) -> {
            assertThat(message.remaining()).isEqualTo(32);
            assertThat(message.getLong(8)).isEqualTo(index);
            if (message.getLong(0) == OpenLoop.LARGE_VALUE) {
                large[0]++;
            }
            lastIndex[0] = index;
            loop[0].committedUpTo(index);
        }, 1_000_000);
        assertThat(lastIndex[0]).isEqualTo(19_999);
        assertThat(large[0]).as("100/s of 1000/s is 10%% of 20000").isBetween(1_800, 2_200);
    }

    @Test
    void reportsIncompleteWhenCommitsDoNotArriveBeforeTheDrainDeadline() {
        OpenLoop loop = new OpenLoop(this::read, 1_000, 16, 5, 0, 0, new SplittableRandom(1), l -> { });
        assertThat(loop.run((m, i) -> { }, 1_000_000)).isFalse();
    }
}
