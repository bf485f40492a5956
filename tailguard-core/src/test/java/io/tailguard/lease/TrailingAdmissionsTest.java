package io.tailguard.lease;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TrailingAdmissionsTest {

    private static final long MS = 1_000_000L;
    private static final long SECOND = 1_000L * MS;

    private final TrailingAdmissions trailing = new TrailingAdmissions();

    @Test
    void admitsAnythingBeforeItIsBounded() {
        for (int i = 0; i < 1_000; i++) {
            assertThat(trailing.hasRoom(i)).isTrue();
            trailing.admit(i);
        }
    }

    @Test
    void theNextLeaseWaitsForThePreviousOnesAdmissionsToBeAPeriodOld() {
        trailing.bound(3, SECOND);
        // the end of one lease: three requests at 900-902 ms
        for (int i = 0; i < 3; i++) {
            trailing.admit((900 + i) * MS);
        }
        // a fresh lease at 1 s: a service window opened at 900 ms still runs, so no room yet
        assertThat(trailing.hasRoom(1_000 * MS)).isFalse();
        assertThat(trailing.hasRoom(1_899 * MS)).isFalse();
        assertThat(trailing.hasRoom(1_900 * MS)).isTrue();
        trailing.admit(1_900 * MS);
        // one room a period after each earlier admission, never three within one period
        assertThat(trailing.hasRoom(1_900 * MS)).isFalse();
        assertThat(trailing.hasRoom(1_901 * MS)).isTrue();
    }

    @Test
    void aLargerBoundKeepsTheAdmissionsAlreadyRecorded() {
        trailing.bound(2, SECOND);
        trailing.admit(0L);
        trailing.admit(10 * MS);
        trailing.bound(4, SECOND);
        trailing.admit(20 * MS);
        trailing.admit(30 * MS);
        // the fourth most recent is the one at 0 ms, recorded before the ring grew
        assertThat(trailing.hasRoom(999 * MS)).isFalse();
        assertThat(trailing.hasRoom(SECOND)).isTrue();
        trailing.bound(1, SECOND);
        assertThat(trailing.hasRoom(1_029 * MS)).isFalse();
        assertThat(trailing.hasRoom(1_030 * MS)).isTrue();
    }
}
