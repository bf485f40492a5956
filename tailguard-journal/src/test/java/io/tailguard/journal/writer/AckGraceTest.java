package io.tailguard.journal.writer;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.journal.durability.DurabilityPolicy;
import org.junit.jupiter.api.Test;

/** When ack-or-sync wants a force: records 1..5 written at 100, 200, ... 500 ns, a grace of 1000 ns. */
class AckGraceTest {

    private static final long GRACE = 1_000;

    private static AckGrace fiveRecords(long graceNanos) {
        AckGrace g = new AckGrace(graceNanos);
        for (long seq = 1; seq <= 5; seq++) {
            g.onWritten(seq, seq * 100);
        }
        return g;
    }

    private static long due(AckGrace g, long written, long forced, long acked, boolean connected) {
        return g.forceDueAtNanos(written, forced, acked, connected, () -> written);
    }

    @Test
    void noForceIsDueWhileEveryWrittenRecordIsAcknowledged() {
        AckGrace g = fiveRecords(GRACE);
        assertThat(due(g, 5, 0, 5, true)).isEqualTo(DurabilityPolicy.NEVER);
    }

    @Test
    void aForceIsDueOneGraceAfterTheOldestRecordNeitherAcknowledgedNorForced() {
        AckGrace g = fiveRecords(GRACE);
        assertThat(due(g, 5, 0, 0, true)).as("record 1, written at 100").isEqualTo(1_100);
        assertThat(due(g, 5, 0, 2, true)).as("record 3, written at 300").isEqualTo(1_300);
        assertThat(due(g, 5, 4, 2, true)).as("forced up to 4: record 5").isEqualTo(1_500);
    }

    @Test
    void anAcknowledgementWithinTheGraceMovesTheDeadlineBeyondIt() {
        AckGrace g = fiveRecords(GRACE);
        long now = 1_099;
        assertThat(due(g, 5, 0, 0, true)).isGreaterThan(now);
        assertThat(due(g, 5, 0, 1, true)).as("record 1 acknowledged at 1099").isEqualTo(1_200).isGreaterThan(now);
    }

    @Test
    void withoutAConnectedReplicaAForceIsDueAtOnce() {
        AckGrace g = fiveRecords(GRACE);
        assertThat(due(g, 5, 0, 0, false)).isEqualTo(Long.MIN_VALUE);
        assertThat(due(g, 5, 5, 0, false)).as("nothing unforced").isEqualTo(DurabilityPolicy.NEVER);
    }

    @Test
    void aZeroGraceForcesEveryUnforcedRecordAtOnceEvenAcknowledgedOnes() {
        AckGrace g = fiveRecords(0);
        assertThat(due(g, 5, 0, 3, true)).isEqualTo(Long.MIN_VALUE);
        assertThat(due(g, 5, 0, 5, true)).isEqualTo(Long.MIN_VALUE);
        assertThat(due(g, 5, 5, 5, true)).isEqualTo(DurabilityPolicy.NEVER);
    }

    @Test
    void whenMoreRecordsArePendingThanTheRingHoldsAForceIsDueAtOnce() {
        AckGrace g = new AckGrace(GRACE);
        long last = AckGrace.CAPACITY + 1L;
        for (long seq = 1; seq <= last; seq++) {
            g.onWritten(seq, seq);
        }
        assertThat(due(g, last, 0, 0, true)).as("record 1's slot was reused").isEqualTo(Long.MIN_VALUE);
        assertThat(due(g, last, 0, 1, true)).as("record 2's slot is the next record's, maybe being written")
                .isEqualTo(Long.MIN_VALUE);
        assertThat(due(g, last, 0, 2, true)).as("record 3 is still in the ring").isEqualTo(3 + GRACE);
    }

    @Test
    void aSlotReusedWhileItWasReadCountsAsOverdue() {
        AckGrace g = fiveRecords(GRACE);
        long reused = 1 + AckGrace.CAPACITY;
        assertThat(g.forceDueAtNanos(5, 0, 0, true, () -> reused)).isEqualTo(Long.MIN_VALUE);
    }

    @Test
    void aSlotFilledByARecordNotYetPublishedCountsAsOverdue() {
        AckGrace g = new AckGrace(GRACE);
        long full = AckGrace.CAPACITY;
        for (long seq = 1; seq <= full; seq++) {
            g.onWritten(seq, seq);
        }
        // the writer stored record CAPACITY + 1's time in record 1's slot, and has not published it
        g.onWritten(full + 1, 5_000_000L);
        assertThat(g.forceDueAtNanos(full, 0, 0, true, () -> full)).isEqualTo(Long.MIN_VALUE);
    }
}
