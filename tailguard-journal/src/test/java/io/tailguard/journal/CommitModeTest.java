package io.tailguard.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The commit rule: written 100, forced 40, acked 70, and a record at 50 that had to wait for a force. */
class CommitModeTest {

    private static final long WRITTEN = 100;
    private static final long FORCED = 40;
    private static final long ACKED = 70;
    private static final long MUST_FORCE = 50;

    @Test
    void localFollowsThePolicyOnly() {
        assertThat(CommitMode.LOCAL.committed(WRITTEN, 0, FORCED, ACKED)).as("nothing must be forced").isEqualTo(100);
        assertThat(CommitMode.LOCAL.committed(WRITTEN, MUST_FORCE, FORCED, ACKED)).as("stops before 50").isEqualTo(40);
        assertThat(CommitMode.LOCAL.committed(WRITTEN, 30, FORCED, ACKED)).isEqualTo(100);
    }

    @Test
    void ackAlsoNeedsTheReplica() {
        assertThat(CommitMode.ACK.committed(WRITTEN, 0, FORCED, ACKED)).isEqualTo(70);
        assertThat(CommitMode.ACK.committed(WRITTEN, MUST_FORCE, FORCED, ACKED)).isEqualTo(40);
    }

    @Test
    void ackOrSyncTakesWhicheverCameFirst() {
        assertThat(CommitMode.ACK_OR_SYNC.committed(WRITTEN, 0, FORCED, ACKED)).isEqualTo(70);
        assertThat(CommitMode.ACK_OR_SYNC.committed(WRITTEN, 0, 90, ACKED)).as("force ahead of ack").isEqualTo(90);
        assertThat(CommitMode.ACK_OR_SYNC.committed(WRITTEN, 0, FORCED, 0)).as("replica down: sync").isEqualTo(40);
    }

    @Test
    void ackAndSyncNeedsBoth() {
        assertThat(CommitMode.ACK_AND_SYNC.committed(WRITTEN, 0, FORCED, ACKED)).isEqualTo(40);
        assertThat(CommitMode.ACK_AND_SYNC.committed(WRITTEN, 0, 90, ACKED)).isEqualTo(70);
    }

    @Test
    void aRecordThatWaitsForAForceUsesTheForcedWatermarkOfEveryMode() {
        for (CommitMode m : CommitMode.values()) {
            long plain = m.committed(WRITTEN, 0, FORCED, ACKED);
            long forcedClass = m.committed(WRITTEN, Long.MAX_VALUE, FORCED, ACKED);
            long contiguous = m.committed(WRITTEN, MUST_FORCE, FORCED, ACKED);
            assertThat(forcedClass).as(m.label()).isLessThanOrEqualTo(contiguous).isLessThanOrEqualTo(FORCED);
            assertThat(contiguous).as(m.label()).isLessThanOrEqualTo(plain);
        }
    }

    @Test
    void parsesLabels() {
        assertThat(CommitMode.parse("ack-or-sync")).isEqualTo(CommitMode.ACK_OR_SYNC);
        assertThatThrownBy(() -> CommitMode.parse("quorum"))
                .hasMessage("commit mode must be one of local, ack, ack-or-sync, ack-and-sync but was quorum");
    }
}
