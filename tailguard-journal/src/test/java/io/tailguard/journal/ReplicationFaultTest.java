package io.tailguard.journal;

import io.tailguard.journal.replication.ReplicationCodec;
import static io.tailguard.journal.FlavouredRecords.appendAll;
import static io.tailguard.journal.FlavouredRecords.assertHolds;
import static io.tailguard.journal.FlavouredRecords.copyJournal;
import static io.tailguard.journal.FlavouredRecords.record;
import static io.tailguard.journal.Wire.loopback;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.journal.durability.Durability;
import io.tailguard.journal.scan.IdFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Faults an operator meets in replication, done to real journals on disk and real sockets: a replica
 * holding another journal's records, one ahead of its primary, one whose last record differs, an
 * older peer, clients that connect and say nothing or half a frame, a replica that stops answering
 * and a record larger than the send buffer. Each asserts that nothing is counted as acknowledged
 * that the replica does not hold for this primary, that no committed record is lost or altered,
 * and that each refusal is one clear line.
 */
@Timeout(60) // a regression hangs on a socket or a commit; the waits below are on real events
class ReplicationFaultTest extends ReplicationFixture {

    @Test
    void aFreshPrimaryIsRefusedByAReplicaHolding20001RecordsOfAnotherJournalAndNothingIsAcknowledged()
            throws Exception {
        long held = 20_001; // the case as an operator met it
        JournalId first;
        try (ReplicaServer r = replica("replica")) {
            try (Journal a = Journal.open(primary("a", CommitMode.ACK, r.address()))) {
                first = a.identity();
                appendAll(a, 1, held, 0);
                a.awaitCommitted(held);
            }
            assertThat(r.primaryIdentity()).isEqualTo(first);
            // another journal that wrote more than the replica holds: the old check let it pass
            try (Journal b = Journal.open(primary("b", CommitMode.LOCAL, null))) {
                appendAll(b, 1, held + 1_000, 1);
            }
            try (Journal b = Journal.open(primary("b", CommitMode.ACK, r.address()))) {
                String refusal = primaryLog.await("refused");
                assertThat(refusal).contains("holds records 1.." + held + " of journal " + first)
                        .contains("not of this journal " + b.identity());
                Await.until(() -> r.stats().refusedPrimaries() >= 3, "three refused attempts");
                assertThat(primaryLog.count("refused")).as("logged once, repeats counted").isEqualTo(1);
                assertThat(replicaLog.count("refused primary " + b.identity())).isEqualTo(1);
                assertThat(b.replicaConnected()).isFalse();
                assertThat(b.ackedSequence()).isZero();
            }
            assertThat(primaryLog.lines()).as("the count of a problem that lasted until close")
                    .anyMatch(l -> l.matches(".*\"replica .* refused: .*\" happened \\d+ times in a row; "
                            + "then the journal closed"));
            assertThat(r.journal().writtenSequence()).isEqualTo(held);
        }
        // each refusal names its connection's port, so the count line does not pass them off as copies of the first
        assertThat(replicaLog.lines()).anyMatch(l -> l.matches(".*: \\d+ problems of one kind \\(identity\\) in a row, "
                + "the first \"replica refused primary .*\", the last \"replica refused primary .*\"; then the replica stopped"));
        assertHolds(tmp.resolve("replica"), held, 0);
        assertThat(IdFile.read(tmp.resolve("replica").resolve(IdFile.PRIMARY_ID))).isEqualTo(first);
    }

    @Test
    void aReplicaDirectoryFromBeforeIdentitiesIsCheckedByItsLastRecordAndThenRecordsItsPrimary() throws Exception {
        JournalId a;
        try (ReplicaServer r = replica("replica");
             Journal j = Journal.open(primary("a", CommitMode.ACK, r.address()))) {
            a = j.identity();
            appendAll(j, 1, 30, 0);
            j.awaitCommitted(30);
        }
        Path primaryId = tmp.resolve("replica").resolve(IdFile.PRIMARY_ID);
        Files.delete(primaryId); // as an older version left it: records, no primary identity
        try (Journal b = Journal.open(primary("b", CommitMode.LOCAL, null))) {
            appendAll(b, 1, 40, 1);
        }
        try (ReplicaServer r = replica("replica")) {
            assertThat(r.primaryIdentity()).isNull();
            assertRefused(r, "b", "the histories diverged");
            try (Journal j = Journal.open(primary("a", CommitMode.ACK, r.address()))) {
                appendAll(j, 31, 50, 0);
                j.awaitCommitted(50);
                assertThat(j.ackedSequence()).isEqualTo(50);
            }
            assertThat(r.primaryIdentity()).isEqualTo(a);
        }
        assertThat(IdFile.read(primaryId)).isEqualTo(a);
        assertHolds(tmp.resolve("replica"), 50, 0);
    }

    @Test
    void aReplicaAheadOfItsPrimaryIsRefused() throws Exception {
        try (ReplicaServer r = replica("replica")) {
            try (Journal a = Journal.open(primary("a", CommitMode.ACK, r.address()))) {
                appendAll(a, 1, 60, 0);
                a.awaitCommitted(60);
            }
            copyJournal(tmp.resolve("a"), tmp.resolve("a-backup"));
            try (Journal a = Journal.open(primary("a", CommitMode.ACK, r.address()))) {
                appendAll(a, 61, 100, 0);
                a.awaitCommitted(100);
            }
            // the same journal restored from the backup: same identity, fewer records than the replica
            try (Journal restored = Journal.open(primary("a-backup", CommitMode.ACK, r.address()))) {
                assertThat(restored.writtenSequence()).isEqualTo(60);
                assertThat(primaryLog.await("refused")).contains("holds records up to sequence 100")
                        .contains("wrote only 60").contains("never wrote");
                assertThat(restored.replicaProblem()).contains("wrote only 60");
                assertThat(restored.ackedSequence()).isZero();
                assertThat(restored.replicaConnected()).isFalse();
            }
        }
        assertHolds(tmp.resolve("replica"), 100, 0);
    }

    @Test
    void aRestoredCopyOfThePrimaryNeverTakesTheReplicaFromTheLivePrimary() throws Exception {
        try (ReplicaServer r = replica("replica")) {
            try (Journal a = Journal.open(primary("a", CommitMode.LOCAL, null))) {
                appendAll(a, 1, 60, 0);
            }
            copyJournal(tmp.resolve("a"), tmp.resolve("a-backup"));
            try (Journal a = Journal.open(primary("a", CommitMode.ACK, r.address()))) {
                appendAll(a, 61, 100, 0);
                a.awaitCommitted(100);
                long accepted = r.stats().connections();
                // the same identity with 60 records, running beside the live primary
                try (Journal restored = Journal.open(primary("a-backup", CommitMode.ACK, r.address()))) {
                    Await.until(() -> r.stats().refusedPrimaries() >= 2, "two refused attempts of the restored copy");
                    assertThat(replicaLog.await("refused primary " + a.identity()))
                            .contains("holds records up to sequence 100 but that primary wrote only 60");
                    assertThat(r.stats().connections()).as("the live primary's connection was never replaced")
                            .isEqualTo(accepted);
                    assertThat(restored.replicaProblem()).contains("wrote only 60");
                    appendAll(a, 101, 110, 0);
                    a.awaitCommitted(110);
                }
            }
        }
        assertHolds(tmp.resolve("replica"), 110, 0);
    }

    @Test
    void aReplicaThatCannotListenClosesItsSocketAndItsJournal() throws Exception {
        Path fds = Path.of("/proc/self/fd");
        Assumptions.assumeTrue(Files.isDirectory(fds), "needs /proc to count open descriptors");
        try (ReplicaServer r = replica("one")) {
            long before = count(fds);
            for (int i = 0; i < 20; i++) {
                assertThatThrownBy(() -> ReplicaServer.start(r.address(), replicaConfig("two")))
                        .hasMessageContaining("cannot listen on");
            }
            assertThat(count(fds)).as("descriptors left open by 20 failed starts").isLessThan(before + 10);
            Journal.open(replicaConfig("two")).close(); // its lock was released
        }
    }

    private static long count(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.count();
        }
    }

    @Test
    void aReplicaWhoseLastRecordDiffersIsRefusedAndOneThatMatchesIsCaughtUp() throws Exception {
        try (ServerSocketChannel fake = fakeReplica(); Journal j = Journal.open(ackedTo(fake))) {
            appendAll(j, 1, 10, 0);
            try (SocketChannel ch = fake.accept()) {
                JournalId id = Wire.primaryId(Wire.readPrimaryHello(ch));
                assertThat(id).isEqualTo(j.identity());
                int otherCrc = Wire.frame(5, record(5, 1), false).getInt(4);
                Wire.sendHello(ch, 5, otherCrc, ReplicaDurability.NONE, id, Wire.digest(5, i -> record(i, 1)));
                assertThat(ch.read(ByteBuffer.allocate(16))).as("primary closed the connection").isEqualTo(-1);
            }
            assertThat(primaryLog.await("diverged")).contains("its records 1..5 are not this journal's");
            assertThat(j.ackedSequence()).isZero();
            // a replica directory from before identities (no holder) whose record 5 is the primary's
            try (SocketChannel ch = fake.accept()) {
                Wire.readPrimaryHello(ch);
                Wire.sendHello(ch, 5, Wire.frame(5, record(5, 0), false).getInt(4), ReplicaDurability.NONE, null,
                        Wire.digest(5, i -> record(i, 0)));
                ByteBuffer sixth = Wire.receive(ch, record(6, 0).length);
                assertThat(sixth.getLong(8)).as("catch-up resumes after the matching record").isEqualTo(6);
            }
        }
    }

    @Test
    void anOlderPeerIsRefusedWithBothVersionsNamed() throws Exception {
        try (ServerSocketChannel fake = fakeReplica(); Journal j = Journal.open(ackedTo(fake))) {
            try (SocketChannel ch = fake.accept()) {
                Wire.readPrimaryHello(ch);
                // a version 1 replica's HELLO: 16 bytes, no identity
                Wire.write(ch, ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN)
                        .putInt(0, ReplicationCodec.HELLO_MAGIC).putInt(4, 1).putLong(8, 0));
                assertThat(Wire.closedByPeer(ch)).as("primary closed the connection").isTrue();
            }
            assertThat(primaryLog.await("version 1")).contains("speaks replication protocol version 1")
                    .contains("version " + ReplicationCodec.VERSION);
            assertThat(j.replicaConnected()).isFalse();
        }
        try (ReplicaServer r = replica("replica"); SocketChannel old = SocketChannel.open(r.address())) {
            Wire.write(old, ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN)
                    .putInt(0, ReplicationCodec.PRIMARY_HELLO_MAGIC).putInt(4, 1));
            assertThat(Wire.closedByPeer(old)).as("replica closed the connection").isTrue();
            assertThat(replicaLog.await("version 1")).contains("primary speaks replication protocol version 1");
        }
    }

    @Test
    void clientsThatSayNothingOrHalfAHelloDoNotBlockARealPrimary() throws Exception {
        try (ReplicaServer r = ReplicaServer.start(loopback(0), replicaConfig("replica")
                .toBuilder().replicaTimeout(Duration.ofMinutes(1)).build());
             SocketChannel silent = SocketChannel.open(r.address());
             SocketChannel half = SocketChannel.open(r.address())) {
            ByteBuffer hello = ByteBuffer.allocate(ReplicationCodec.PRIMARY_HELLO_LENGTH).order(ByteOrder.LITTLE_ENDIAN);
            JournalId id = JournalId.random();
            new ReplicationCodec().wrap(hello, 0).putPrimaryHello(id, 0);
            Wire.write(half, hello.limit(ReplicationCodec.PRIMARY_HELLO_LENGTH / 2));
            try (Journal j = Journal.open(primary("p", CommitMode.ACK, r.address()))) {
                for (long i = 1; i <= 200; i++) {
                    byte[] rec = record(i, 0);
                    assertThat(j.appendBlocking(rec)).isEqualTo(i);
                }
                assertThat(j.ackedSequence()).isEqualTo(200);
            }
            assertThat(silent.isConnected()).isTrue();
        }
        assertHolds(tmp.resolve("replica"), 200, 0);
    }

    @Test
    void aReplicaClosesAConnectionThatDoesNotFinishItsHelloOrAFrameWithinItsTimeout() throws Exception {
        try (ReplicaServer r = ReplicaServer.start(loopback(0), replicaConfig("replica")
                .toBuilder().replicaTimeout(Duration.ofMillis(200)).build())) {
            try (SocketChannel silent = SocketChannel.open(r.address())) {
                assertThat(silent.read(ByteBuffer.allocate(64))).as("replica closed the silent client").isEqualTo(-1);
            }
            assertThat(replicaLog.await("no complete PRIMARY HELLO within 200 ms")).contains("0 of 32 bytes");
            try (SocketChannel primary = SocketChannel.open(r.address())) {
                Wire.sendPrimaryHello(primary, JournalId.random(), 1);
                assertThat(Wire.readReplicaHello(primary).getLong(8)).isZero();
                ByteBuffer frame = Wire.frame(1, record(1, 0), false);
                Wire.write(primary, frame.limit(20));
                assertThat(primary.read(ByteBuffer.allocate(64))).as("replica closed the half frame").isEqualTo(-1);
            }
            assertThat(replicaLog.await("only 20 bytes of a frame arrived")).contains("200 ms");
            assertThat(r.stats().rejectedFrames()).isEqualTo(1);
            assertThat(r.journal().writtenSequence()).isZero();
        }
    }

    @Test
    void aReplicaThatStopsAnsweringFailsPendingCommitsWithinTheTimeout() throws Exception {
        try (ServerSocketChannel fake = fakeReplica()) {
            JournalConfig cfg = ackedTo(fake)
                    .toBuilder().replicaDown(ReplicaDownAction.FAIL).replicaTimeout(Duration.ofMillis(300)).build();
            try (Journal j = Journal.open(cfg); SocketChannel stopped = fake.accept()) {
                Wire.answerEmpty(stopped);
                Await.until(j::replicaConnected, "the primary accepted the replica");
                // 16 MB that the stopped replica never reads: the sender blocks in its write
                byte[] big = new byte[64 * 1024];
                CompletableFuture<Long> last = null;
                for (int i = 0; i < 256; i++) {
                    last = j.append(big);
                }
                CompletableFuture<Long> pending = last;
                assertThatThrownBy(() -> pending.get(10, TimeUnit.SECONDS))
                        .isInstanceOf(ExecutionException.class)
                        .hasCauseInstanceOf(ReplicaUnavailableException.class);
                assertThat(primaryLog.await("acknowledged nothing for 300 ms")).contains("FAIL");
                assertThat(j.ackedSequence()).isZero();
                assertThat(j.writtenSequence()).as("written records stay in the journal").isEqualTo(256);
            }
        }
    }

    @Test
    void underWaitAReplicaThatStopsAnsweringIsReportedAndCommitsWaitForOneThatAnswers() throws Exception {
        try (ServerSocketChannel fake = fakeReplica()) {
            JournalConfig cfg = ackedTo(fake)
                    .toBuilder().replicaTimeout(Duration.ofMillis(200)).build();
            try (Journal j = Journal.open(cfg)) {
                CompletableFuture<Long> commit;
                try (SocketChannel stopped = fake.accept()) {
                    Wire.answerEmpty(stopped);
                    commit = j.append(record(1, 0));
                    Wire.receive(stopped, record(1, 0).length);
                    assertThat(primaryLog.await("acknowledged nothing for 200 ms")).contains("WAIT");
                    assertThat(commit).isNotDone();
                }
                try (SocketChannel answering = fake.accept()) {
                    Wire.answerEmpty(answering);
                    assertThat(Wire.receive(answering, record(1, 0).length).getLong(8)).isEqualTo(1);
                    Wire.ack(answering, 1, Wire.digest(1, i -> record(i, 0)));
                    assertThat(commit.get(10, TimeUnit.SECONDS)).isEqualTo(1L);
                }
            }
        }
    }

    @Test
    void aOneMebibyteRecordReplicates() throws Exception {
        int segment = 4 << 20;
        byte[] big = new byte[1 << 20];
        for (int i = 0; i < big.length; i++) {
            big[i] = (byte) (i * 31 + 7);
        }
        try (ReplicaServer r = ReplicaServer.start(loopback(0), replicaConfig("replica").toBuilder().segmentSizeBytes(segment).build());
             Journal j = Journal.open(primary("p", CommitMode.ACK, r.address()).toBuilder().segmentSizeBytes(segment).build())) {
            assertThat(j.appendBlocking(record(1, 0))).isEqualTo(1);
            assertThat(j.appendBlocking(big)).isEqualTo(2);
            assertThat(j.appendBlocking(record(3, 0))).isEqualTo(3);
        }
        List<byte[]> copy = Payloads.read(tmp.resolve("replica"));
        assertThat(copy).hasSize(3);
        assertThat(copy.get(1)).isEqualTo(big);
        assertThat(copy.get(2)).isEqualTo(record(3, 0));
    }

    @Test
    void aReplicaThatClosesEveryHandshakeIsLoggedOnceWithItsCauseAndACount() throws Exception {
        try (ServerSocketChannel fake = fakeReplica(); Journal j = Journal.open(ackedTo(fake))) {
            for (int i = 0; i < 3; i++) {
                try (SocketChannel ch = fake.accept()) {
                    Wire.readPrimaryHello(ch);
                }
            }
            try (SocketChannel ch = fake.accept()) {
                Wire.answerEmpty(ch);
                assertThat(primaryLog.await("in a row")).contains("happened 3 times in a row; then connected");
                assertThat(primaryLog.count("closed the connection during the handshake"))
                        .as("one line for the failure, one for its count").isEqualTo(2);
                assertThat(j.replicaProblem()).isNull();
            }
        }
    }

    @Test
    void aSyncReplicaSaysSoAndAcknowledgesOnlyWhatItForced() throws Exception {
        try (ReplicaServer r = ReplicaServer.start(loopback(0), replicaConfig("replica").toBuilder().durability(Durability.sync()).build());
             Journal j = Journal.open(primary("p", CommitMode.ACK, r.address()))) {
            assertThat(j.replicaDurability()).isEqualTo(ReplicaDurability.UNKNOWN);
            for (long i = 1; i <= 50; i++) {
                assertThat(j.appendBlocking(record(i, 0))).isEqualTo(i);
                assertThat(r.journal().forcedSequence()).as("forced on the replica before acknowledged")
                        .isGreaterThanOrEqualTo(i);
            }
            assertThat(j.replicaDurability()).isEqualTo(ReplicaDurability.SYNC);
            assertThat(r.durability()).isEqualTo(ReplicaDurability.SYNC);
        }
        assertThatThrownBy(() -> ReplicaServer.start(loopback(0), replicaConfig("other")
                .toBuilder().durability(new Durability.Selective(b -> 1, 10, 100, Duration.ofSeconds(1), "selective")).build()))
                .hasMessageContaining("replica durability must be none, sync or periodic:<interval> but was selective");
    }
}
