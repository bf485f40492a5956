package io.tailguard.journal.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class OpenLoopTest {

    /** A clock that moves 1 µs per reading, plus whatever the test adds; never waits for real time. */
    private long nowNanos;

    /** Latencies the loop under test recorded, in the order it recorded them. */
    private final List<Long> latencies = new ArrayList<>();
    /** The loop under test, a field so that its senders can report commits to it. */
    private OpenLoop loop;

    private long read() {
        nowNanos += 1_000;
        return nowNanos;
    }

    /** Commits message {@code index} at once, as a journal whose every append commits on write. */
    private boolean commitAtOnce(long index) {
        loop.committedUpTo(index);
        return false;
    }

    @Test
    void measuresFromTheIntendedSendTimeSoAStallDelaysEveryMessageBehindIt() {
        loop = new OpenLoop(this::read, 1_000, 16, 10, 2, 0, new SplittableRandom(1), latencies::add);
        boolean done = loop.run((message, index) -> {
            if (index == 4) {
                nowNanos += 5_000_000; // the sender stalls 5 ms on message 4
            }
            return commitAtOnce(index);
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
        loop = new OpenLoop(this::read, 1_000, 32, 20_000, 0, 100, new SplittableRandom(7), l -> { });
        loop.run((message, index) -> {
            assertThat(message.remaining()).isEqualTo(32);
            assertThat(message.getLong(8)).isEqualTo(index);
            if (message.getLong(0) == OpenLoop.LARGE_VALUE) {
                large[0]++;
            }
            lastIndex[0] = index;
            return commitAtOnce(index);
        }, 1_000_000);
        assertThat(lastIndex[0]).isEqualTo(19_999);
        assertThat(large[0]).as("100/s of 1000/s is 10%% of 20000").isBetween(1_800, 2_200);
    }

    @Test
    void reportsIncompleteWhenCommitsDoNotArriveBeforeTheDrainDeadline() {
        loop = new OpenLoop(this::read, 1_000, 16, 5, 0, 0, new SplittableRandom(1), l -> { });
        assertThat(loop.run((m, i) -> false, 1_000_000)).isFalse();
    }

    @Test
    void aMessageThatWaitsForAForceIsTimedAtTheForcedIndexWhileLaterPlainOnesCommitAtOnce() {
        loop = new OpenLoop(this::read, 1_000, 16, 6, 0, 0, new SplittableRandom(1), latencies::add);
        boolean done = loop.run((message, index) -> {
            loop.progress(index, index < 2 ? index : 1); // message 2 waits for a force until the end
            if (index == 5) {
                nowNanos += 7_000_000;
                loop.progress(index, index);
            }
            return index == 2;
        }, 1_000_000);
        assertThat(done).isTrue();
        assertThat(latencies).hasSize(6);
        // recorded in commit order: 0, 1, 3, 4 at once, then 5 and 2 after the 7 ms force
        assertThat(latencies.subList(0, 4)).allMatch(l -> l < 10_000L);
        assertThat(latencies.subList(4, 6)).allMatch(l -> l >= 7_000_000L);
    }

    @Test
    void withSpinNanosZeroItParksSendsNothingEarlyAndTimesTheBurstFromEachIntendedTime() {
        // the clock moves only when the generator parks, by what it asked plus a 60 µs overshoot
        long startNanos = nowNanos + 1_000_000; // the loop starts 1 ms after its first reading
        long intervalNanos = 5_000; // 200K/s
        List<Long> expected = new ArrayList<>();
        int[] parks = {0};
        loop = new OpenLoop(() -> nowNanos, 0, nanos -> {
            assertThat(nanos).isPositive();
            parks[0]++;
            nowNanos += nanos + 60_000;
        }, 200_000, 16, 1_000, 0, 0, new SplittableRandom(1), latencies::add);
        boolean done = loop.run((message, index) -> {
            long dueNanos = startNanos + index * intervalNanos;
            assertThat(nowNanos).as("message %d sent before it was due", index).isGreaterThanOrEqualTo(dueNanos);
            expected.add(nowNanos - dueNanos);
            return commitAtOnce(index);
        }, 1_000_000);
        assertThat(done).isTrue();
        assertThat(latencies).isEqualTo(expected);
        // one park per burst: it wakes 60 µs late and sends the 13 messages due by then
        assertThat(parks[0]).isBetween(1_000 / 13, 1_000 / 13 + 2);
        assertThat(latencies).allMatch(l -> l <= 60_000L).contains(60_000L, 0L);
    }

    @Test
    void parksOnlyUntilSpinNanosBeforeTheNextMessageAndSpinsTheRest() {
        long spinNanos = 100_000;
        long startNanos = nowNanos + 1_000 + 1_000_000; // first reading moves the clock 1 µs
        long[] parkedNanos = {0};
        long[] lastSent = {-1};
        loop = new OpenLoop(this::read, spinNanos, nanos -> {
            long nextDueNanos = startNanos + (lastSent[0] + 1) * 1_000_000;
            assertThat(nowNanos + nanos).as("parked into the spin window").isLessThanOrEqualTo(nextDueNanos - spinNanos);
            parkedNanos[0] += nanos;
            nowNanos += nanos;
        }, 1_000, 16, 20, 0, 0, new SplittableRandom(1), latencies::add);
        boolean done = loop.run((message, index) -> {
            lastSent[0] = index;
            return commitAtOnce(index);
        }, 1_000_000);
        assertThat(done).isTrue();
        // 1 ms apart: about 0.9 ms of each parked, the last 0.1 ms spun; each committed within two
        // clock readings (1 µs each) of its due time: the one that found it due, the one that recorded
        assertThat(parkedNanos[0]).isBetween(19 * 850_000L, 20 * 1_000_000L);
        assertThat(latencies).hasSize(20).allMatch(l -> l <= 2_000L);
    }

    @Test
    void spinAlwaysNeverParks() {
        loop = new OpenLoop(this::read, OpenLoop.SPIN_ALWAYS, nanos -> {
            throw new AssertionError("parked " + nanos + " ns");
        }, 1_000, 16, 5, 0, 0, new SplittableRandom(1), l -> { });
        boolean done = loop.run((message, index) -> commitAtOnce(index), 1_000_000);
        assertThat(done).isTrue();
    }
}
