package io.tailguard.journal;

import static io.tailguard.journal.FlavouredRecords.appendAll;
import static io.tailguard.journal.FlavouredRecords.assertHolds;
import static io.tailguard.journal.FlavouredRecords.copyJournal;
import static io.tailguard.journal.FlavouredRecords.record;
import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.journal.scan.IdFile;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Replicas whose history is not a prefix of the primary's although their last record matches: the
 * handshake compares history digests, so they are refused whatever their last record, nothing they
 * hold counts as acknowledged and nothing is appended after records that are not the primary's. An
 * acknowledgement whose digest is not the primary's does not count either.
 */
@Timeout(60) // a regression hangs on a socket or a commit; the waits below are on real events
class ReplicaHistoryTest extends ReplicationFixture {

    @Test
    void aPrimaryRestoredFromAnOlderCopyThatWroteOtherMiddleRecordsAndAnEqualLastOneIsRefused() throws Exception {
        try (Journal a = Journal.open(primary("a", CommitMode.LOCAL, null))) {
            appendAll(a, 1, 3000, 0);
        }
        copyJournal(tmp.resolve("a"), tmp.resolve("restored")); // the older copy: same identity, records 1..3000
        try (ReplicaServer r = replica("replica")) {
            try (Journal a = Journal.open(primary("a", CommitMode.ACK, r.address()))) {
                appendAll(a, 3001, 7000, 0);
                a.awaitCommitted(7000);
            }
            // the restored copy wrote other records 3001..6999, an identical 7000, then more
            try (Journal b = Journal.open(primary("restored", CommitMode.LOCAL, null))) {
                appendAll(b, 3001, 6999, 1);
                appendAll(b, 7000, 7000, 0);
                appendAll(b, 7001, 7100, 1);
            }
            try (Journal b = Journal.open(primary("restored", CommitMode.ACK, r.address()))) {
                String refusal = primaryLog.await("refused");
                assertThat(refusal).contains("its records 1..7000 are not this journal's")
                        .contains("the last records are equal");
                assertThat(b.ackedSequence()).isZero();
                assertThat(b.replicaConnected()).isFalse();
            }
            assertThat(r.journal().writtenSequence()).isEqualTo(7000);
        }
        assertHolds(tmp.resolve("replica"), 7000, seq -> 0);
    }

    @Test
    void aReplicaDirectoryHoldingAnotherJournalsRecordsWithAnEqualLastOneIsNeverTakenOver() throws Exception {
        // a journal of its own in the replica's directory (no primary.id), whose last record is the primary's
        try (Journal other = Journal.open(replicaConfig("replica"))) {
            appendAll(other, 1, 2999, 2);
            appendAll(other, 3000, 3000, 0);
        }
        try (Journal a = Journal.open(primary("a", CommitMode.LOCAL, null))) {
            appendAll(a, 1, 3100, 0);
        }
        try (ReplicaServer r = replica("replica")) {
            assertThat(r.primaryIdentity()).isNull();
            assertRefused(r, "a", "its records 1..3000 are not this journal's");
            assertThat(r.journal().writtenSequence()).as("nothing appended after the other journal's records")
                    .isEqualTo(3000);
        }
        assertThat(tmp.resolve("replica").resolve(IdFile.PRIMARY_ID)).doesNotExist();
        assertHolds(tmp.resolve("replica"), 3000, seq -> seq == 3000 ? 0 : 2);
    }

    @Test
    void anAcknowledgementWhoseDigestIsNotThePrimarysDoesNotCountAndClosesTheConnection() throws Exception {
        try (ServerSocketChannel fake = fakeReplica(); Journal j = Journal.open(ackedTo(fake))) {
            appendAll(j, 1, 3, 0);
            try (SocketChannel ch = fake.accept()) {
                Wire.answerEmpty(ch);
                for (long s = 1; s <= 3; s++) {
                    assertThat(Wire.receive(ch, record(s, 0).length).getLong(8)).isEqualTo(s);
                }
                Wire.ack(ch, 3, Wire.digest(3, s -> record(s, s == 2 ? 1 : 0)));
                assertThat(ch.read(ByteBuffer.allocate(16))).as("primary closed the connection").isEqualTo(-1);
            }
            assertThat(primaryLog.await("acknowledged record 3 with history digest"))
                    .contains("does not count");
            assertThat(j.ackedSequence()).isZero();
            try (SocketChannel ch = fake.accept()) {
                Wire.answerEmpty(ch);
                for (long s = 1; s <= 3; s++) {
                    Wire.receive(ch, record(s, 0).length);
                }
                Wire.ack(ch, 3, Wire.digest(3, s -> record(s, 0)));
                j.awaitCommitted(3);
                assertThat(j.ackedSequence()).isEqualTo(3);
            }
        }
    }
}
