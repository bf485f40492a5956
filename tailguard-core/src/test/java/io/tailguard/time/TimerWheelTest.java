package io.tailguard.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class TimerWheelTest {

    private final List<String> fired = new ArrayList<>();

    private TimerHandler record(String name) {
        return id -> fired.add(name);
    }

    @Test
    void firesAtTheDeadlineNotATickLaterNorANanosecondEarlier() {
        TimerWheel wheel = new TimerWheel(0, 1024, 8, 2);
        wheel.schedule(1500, record("a"));
        wheel.poll(1499);
        assertThat(fired).isEmpty();
        wheel.poll(1500);
        assertThat(fired).containsExactly("a");
        assertThat(wheel.size()).isZero();
    }

    @Test
    void deadlinesSeveralTurnsAheadWaitOutTheTurnsBefore() {
        TimerWheel wheel = new TimerWheel(0, 16, 4, 2); // one turn is 64 ns
        wheel.schedule(200, record("far"));
        wheel.schedule(10, record("near"));
        for (long now = 0; now < 200; now += 5) {
            wheel.poll(now);
        }
        assertThat(fired).containsExactly("near");
        wheel.poll(200);
        assertThat(fired).containsExactly("near", "far");
    }

    @Test
    void aPollAfterALongGapFiresEverythingDueAndNothingElse() {
        TimerWheel wheel = new TimerWheel(0, 16, 4, 2);
        wheel.schedule(30, record("a"));
        wheel.schedule(1000, record("b"));
        wheel.schedule(5000, record("c"));
        wheel.poll(4000);
        assertThat(fired).containsExactlyInAnyOrder("a", "b");
        wheel.poll(4999);
        assertThat(fired).hasSize(2);
        wheel.poll(5000);
        assertThat(fired).contains("c");
    }

    @Test
    void cancelStopsAPendingTimerOnceAndNeverAnotherThatTookItsPlace() {
        TimerWheel wheel = new TimerWheel(0, 16, 4, 1);
        long first = wheel.schedule(10, record("first"));
        assertThat(wheel.cancel(first)).isTrue();
        assertThat(wheel.cancel(first)).isFalse();
        long second = wheel.schedule(10, record("second")); // same slot, same place
        assertThat(second).isNotEqualTo(first);
        assertThat(wheel.cancel(first)).isFalse();
        wheel.poll(10);
        assertThat(fired).containsExactly("second");
        assertThat(wheel.cancel(second)).isFalse();
        assertThat(wheel.cancel(TimerWheel.NO_TIMER)).isFalse();
    }

    @Test
    void rowsGrowWhenASlotFillsAndKeepEveryTimer() {
        TimerWheel wheel = new TimerWheel(0, 16, 4, 1);
        List<Long> ids = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            ids.add(wheel.schedule(5, record("t" + i)));
        }
        assertThat(wheel.size()).isEqualTo(40);
        assertThat(wheel.cancel(ids.get(7))).isTrue();
        assertThat(wheel.deadlineOf(ids.get(8))).isEqualTo(5);
        wheel.poll(5);
        assertThat(fired).hasSize(39).doesNotContain("t7");
    }

    @Test
    void handlersMayScheduleTimersThatAreAlreadyDueAndTheyFireInTheSamePoll() {
        TimerWheel wheel = new TimerWheel(0, 16, 4, 1);
        wheel.schedule(10, id -> {
            fired.add("outer");
            wheel.schedule(0, record("past"));
            wheel.schedule(90, record("due-later-in-this-poll"));
            wheel.schedule(1000, record("future"));
        });
        wheel.poll(100);
        assertThat(fired).containsExactlyInAnyOrder("outer", "past", "due-later-in-this-poll");
        assertThat(wheel.size()).isEqualTo(1);
    }

    @Test
    void matchesASortedMapUnderRandomScheduleCancelAndPoll() {
        Random random = new Random(19);
        TimerWheel wheel = new TimerWheel(0, 8, 16, 1);
        TreeMap<Long, Long> expected = new TreeMap<>(); // id -> deadline
        List<Long> firedIds = new ArrayList<>();
        long now = 0;
        for (int step = 0; step < 20_000; step++) {
            int action = random.nextInt(10);
            if (action < 5) {
                long deadline = now + random.nextInt(600);
                expected.put(wheel.schedule(deadline, firedIds::add), deadline);
            } else if (action < 7 && !expected.isEmpty()) {
                Long id = expected.keySet().toArray(new Long[0])[random.nextInt(expected.size())];
                assertThat(wheel.cancel(id)).isTrue();
                expected.remove(id);
            } else {
                now += random.nextInt(action == 9 ? 400 : 20);
                firedIds.clear();
                wheel.poll(now);
                long at = now;
                List<Long> due = expected.entrySet().stream().filter(e -> e.getValue() <= at)
                        .map(e -> e.getKey()).toList();
                assertThat(firedIds).containsExactlyInAnyOrderElementsOf(due);
                due.forEach(expected::remove);
            }
            assertThat(wheel.size()).isEqualTo(expected.size());
        }
    }

    @Test
    void rejectsSizesThatAreNotPowersOfTwo() {
        assertThatThrownBy(() -> new TimerWheel(0, 1000, 8, 2))
                .hasMessage("tickNanos must be a power of two but was 1000");
        assertThatThrownBy(() -> new TimerWheel(0, 1024, 6, 2))
                .hasMessage("ticksPerWheel must be a power of two but was 6");
    }
    @Test
    void earliestDeadlineIsThatOfThePendingTimerDueFirstWhereverItLives() {
        TimerWheel wheel = new TimerWheel(0, 16, 4, 1); // one turn is 64 ns; rows of one grow
        assertThat(wheel.earliestDeadline()).isEqualTo(Long.MAX_VALUE);
        long far = wheel.schedule(300, record("far"));
        long near = wheel.schedule(40, record("near"));
        wheel.schedule(41, record("same slot"));
        assertThat(wheel.earliestDeadline()).isEqualTo(40);
        wheel.cancel(near);
        assertThat(wheel.earliestDeadline()).isEqualTo(41);
        wheel.poll(100);
        assertThat(fired).containsExactly("same slot");
        assertThat(wheel.earliestDeadline()).isEqualTo(300);
        wheel.cancel(far);
        assertThat(wheel.earliestDeadline()).isEqualTo(Long.MAX_VALUE);
    }
}
