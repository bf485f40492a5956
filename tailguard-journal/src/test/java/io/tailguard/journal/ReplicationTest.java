package io.tailguard.journal;

import io.tailguard.journal.replication.ReplicationCodec;
import static io.tailguard.journal.Wire.loopback;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.journal.segment.FrameCodec;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplicationTest {

    private static final int SMALL = 1 << 20;

    @TempDir
    Path tmp;

    private final List<String> errors = new CopyOnWriteArrayList<>();
    private final ErrorHandler collect = (message, cause) -> errors.add(message);

    /**
     * Returns a socket bound to a free loopback port (port 0, read back) that does not listen:
     * connecting to it is refused, as to a replica that is down, and no other process can take
     * the port while the test holds it.
     */
    private static SocketChannel downReplica() throws IOException {
        return SocketChannel.open().bind(loopback(0));
    }

    private static InetSocketAddress address(SocketChannel bound) throws IOException {
        return (InetSocketAddress) bound.getLocalAddress();
    }

    private ReplicaServer replica(String name, int port) {
        return ReplicaServer.start(loopback(port), JournalConfig.builder(tmp.resolve(name)).segmentSizeBytes(SMALL).errors(collect).build());
    }

    private JournalConfig primary(CommitMode mode, InetSocketAddress replica) {
        return JournalConfig.builder(tmp.resolve("primary")).segmentSizeBytes(SMALL).replication(mode, replica).errors(collect).build();
    }

    private static byte[] record(long seq) {
        byte[] b = new byte[64 + (int) (seq % 200)];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (seq + i);
        }
        return b;
    }

    @Test
    void ackModeCommitsOnlyWhatTheReplicaAcknowledged() {
        try (ReplicaServer r = replica("replica", 0);
             Journal j = Journal.open(primary(CommitMode.ACK, r.address()))) {
            for (long i = 1; i <= 300; i++) {
                long seq = j.appendBlocking(record(i));
                assertThat(j.ackedSequence()).isGreaterThanOrEqualTo(seq);
                assertThat(r.journal().writtenSequence()).isGreaterThanOrEqualTo(seq);
            }
        }
        List<byte[]> copy = Payloads.read(tmp.resolve("replica"));
        assertThat(copy).hasSize(300);
        for (int i = 0; i < 300; i++) {
            assertThat(copy.get(i)).isEqualTo(record(i + 1));
        }
    }

    @Test
    void aLingeringSenderLingersAfterEachSendThatTookEverything() {
        try (ReplicaServer r = replica("replica", 0);
             Journal j = Journal.open(primary(CommitMode.ACK, r.address())
                     .toBuilder().replicationLinger(Duration.ofMillis(50)).build())) {
            for (long i = 1; i <= 10; i++) {
                // one at a time: each send takes everything written, so the sender lingers after it
                assertThat(j.appendBlocking(record(i))).isEqualTo(i);
            }
            // the 10th send and its linger are counted after the write, maybe after its acknowledgement
            Await.until(() -> j.replicationSends() == 10 && j.replicationLingers() == 10,
                    "ten sends, each followed by a linger (sends " + j.replicationSends() + ")");
        }
        assertThat(Payloads.read(tmp.resolve("replica"))).hasSize(10);
        assertThat(errors).isEmpty();
    }

    @Test
    void aBacklogGoesOutInFullBatchesWithNoLingerBetweenThemAndInOrder() throws Exception {
        // a fake replica holds the sender in its handshake until the whole backlog is written, so the
        // backlog does not depend on how fast this thread appends
        try (ServerSocketChannel fake = ServerSocketChannel.open().bind(loopback(0));
             Journal j = Journal.open(primary(CommitMode.ACK, (InetSocketAddress) fake.getLocalAddress()).toBuilder()
                     .replicationLinger(Duration.ofMillis(50)).replicaTimeout(Duration.ofMinutes(1)).build());
             SocketChannel ch = fake.accept()) {
            Wire.readPrimaryHello(ch);
            long bytes = 0;
            for (long i = 1; i <= 3000; i++) {
                j.appendNoWait(record(i), 0, record(i).length);
                bytes += FrameCodec.HEADER_LENGTH + record(i).length;
            }
            assertThat(bytes).as("more than two send buffers").isGreaterThan(2 * 256 * 1024);
            Wire.sendHello(ch, 0, 0, ReplicaDurability.NONE, null, 0);
            for (long i = 1; i <= 3000; i++) {
                ByteBuffer frame = Wire.receive(ch, record(i).length);
                assertThat(FrameCodec.sequence(frame, 0)).isEqualTo(i);
            }
            Wire.ack(ch, 3000, Wire.digest(3000, ReplicationTest::record));
            Await.until(() -> j.committedSequence() == 3000, "the backlog committed");
            // every batch but the last one filled half the buffer: only the last one (which took
            // everything) is followed by a linger
            assertThat(j.replicationSends()).isGreaterThanOrEqualTo(3);
            assertThat(j.replicationLingers()).isEqualTo(1);
        }
    }

    @Test
    void withoutALingerTheSenderNeverLingers() {
        try (ReplicaServer r = replica("replica", 0);
             Journal j = Journal.open(primary(CommitMode.ACK, r.address()))) {
            for (long i = 1; i <= 10; i++) {
                assertThat(j.appendBlocking(record(i))).isEqualTo(i);
            }
            Await.until(() -> j.replicationSends() == 10, "ten sends (sends " + j.replicationSends() + ")");
            assertThat(j.replicationLingers()).isZero();
        }
    }

    @Test
    void theReplicationLingerIsValidated() {
        JournalConfig cfg = primary(CommitMode.ACK, loopback(1));
        assertThat(cfg.replicationLinger()).isEqualTo(Duration.ZERO);
        assertThat(cfg.toBuilder().replicationLinger(Duration.ofMillis(100)).build().replicationLinger())
                .isEqualTo(Duration.ofMillis(100));
        assertThatThrownBy(() -> cfg.toBuilder().replicationLinger(Duration.ofNanos(-1)).build())
                .hasMessage("replicationLinger must be >= 0 but was PT-0.000000001S");
        assertThatThrownBy(() -> cfg.toBuilder().replicationLinger(Duration.ofMillis(101)).build())
                .hasMessage("replicationLinger must be <= PT0.1S but was PT0.101S");
        assertThatThrownBy(() -> cfg.toBuilder().replicationLinger(null).build()).hasMessageContaining("replicationLinger");
    }

    @Test
    void waitingAppendsCommitWhenAReplicaConnectsAndCatchesUpAfterReconnect() throws Exception {
        SocketChannel down = downReplica();
        int port = address(down).getPort();
        try (Journal j = Journal.open(primary(CommitMode.ACK, loopback(port)))) {
            List<CompletableFuture<Long>> first = new ArrayList<>();
            for (long i = 1; i <= 50; i++) {
                first.add(j.append(record(i)));
            }
            assertThat(first).noneMatch(CompletableFuture::isDone);
            down.close(); // held until here: only the moment between this close and the bind below is left open
            try (ReplicaServer r = replica("replica", port)) {
                assertThat(first.get(49).get(10, TimeUnit.SECONDS)).isEqualTo(50L);
                assertThat(first).allMatch(f -> f.isDone() && !f.isCompletedExceptionally());
                assertThat(r.journal().writtenSequence()).isEqualTo(50);
            }
            List<CompletableFuture<Long>> second = new ArrayList<>();
            for (long i = 51; i <= 100; i++) {
                second.add(j.append(record(i)));
            }
            try (ReplicaServer r = replica("replica", port)) {
                assertThat(second.get(49).get(10, TimeUnit.SECONDS)).isEqualTo(100L);
                assertThat(r.stats().connections()).isEqualTo(1);
            }
        }
        List<byte[]> copy = Payloads.read(tmp.resolve("replica"));
        assertThat(copy).hasSize(100);
        assertThat(copy.get(99)).isEqualTo(record(100));
    }

    @Test
    void ackOrSyncFallsBackToSyncWhenTheReplicaIsDown() throws IOException {
        try (SocketChannel down = downReplica();
             Journal j = Journal.open(primary(CommitMode.ACK_OR_SYNC, address(down)))) {
            for (long i = 1; i <= 20; i++) {
                long seq = j.appendBlocking(record(i));
                assertThat(j.forcedSequence()).isGreaterThanOrEqualTo(seq);
            }
            assertThat(j.ackedSequence()).isZero();
            assertThat(j.replicaConnected()).isFalse();
        }
    }

    @Test
    void ackFailsWhileTheReplicaIsDownWhenConfiguredToFail() throws IOException {
        try (SocketChannel down = downReplica();
             Journal j = Journal.open(primary(CommitMode.ACK, address(down)).toBuilder()
                     .replicaDown(ReplicaDownAction.FAIL).build())) {
            // written and failed when the first attempt fails, or refused at once if it already had
            assertThatThrownBy(() -> j.appendBlocking(record(1))).isInstanceOf(ReplicaUnavailableException.class);
            long written = j.writtenSequence();
            assertThat(written).isLessThanOrEqualTo(1);
            assertThatThrownBy(() -> j.append(record(1)).get(10, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .hasCauseInstanceOf(ReplicaUnavailableException.class);
            assertThat(j.writtenSequence()).as("a replica known to be down: nothing is written").isEqualTo(written);
        }
    }

    @Test
    void replicaRejectsACorruptFrameAndKeepsWhatItAppended() throws IOException {
        JournalId primary = JournalId.random();
        try (ReplicaServer r = replica("replica", 0)) {
            try (SocketChannel ch = SocketChannel.open(r.address())) {
                Wire.sendPrimaryHello(ch, primary, 2);
                ByteBuffer hello = Wire.readReplicaHello(ch);
                assertThat(hello.getInt(0)).isEqualTo(ReplicationCodec.HELLO_MAGIC);
                assertThat(hello.getLong(8)).isZero();
                Wire.write(ch, Wire.frame(1, record(1), false));
                assertThat(Wire.readAck(ch).getLong(8)).isEqualTo(1);
                Wire.write(ch, Wire.frame(2, record(2), true));
                assertThat(ch.read(ByteBuffer.allocate(16))).as("replica closed the connection").isEqualTo(-1);
            }
            assertThat(r.stats().rejectedFrames()).isEqualTo(1);
            assertThat(errors).anyMatch(m -> m.contains("checksum mismatch"));
            try (SocketChannel ch = SocketChannel.open(r.address())) {
                Wire.sendPrimaryHello(ch, primary, 5);
                assertThat(Wire.readReplicaHello(ch).getLong(8)).as("replica still holds record 1").isEqualTo(1);
                Wire.write(ch, Wire.frame(5, record(5), false));
                assertThat(ch.read(ByteBuffer.allocate(16))).isEqualTo(-1);
            }
            assertThat(errors).anyMatch(m -> m.contains("sequence 5 but 2 was expected"));
        }
        assertThat(Payloads.read(tmp.resolve("replica"))).hasSize(1);
    }

    @Test
    void primaryRejectsAnAcknowledgementForRecordsItNeverSentAndReconnects() throws Exception {
        try (ServerSocketChannel fake = ServerSocketChannel.open()) {
            fake.bind(loopback(0));
            try (Journal j = Journal.open(primary(CommitMode.ACK, (InetSocketAddress) fake.getLocalAddress()))) {
                j.appendNoWait(record(1), 0, record(1).length);
                try (SocketChannel ch = fake.accept()) {
                    Wire.answerEmpty(ch);
                    Wire.receive(ch, record(1).length);
                    Wire.ack(ch, 1_000_000, 0);
                    assertThat(ch.read(ByteBuffer.allocate(16))).as("primary closed the connection").isEqualTo(-1);
                }
                assertThat(j.ackedSequence()).isZero();
                assertThat(j.committedSequence()).isZero();
                try (SocketChannel again = fake.accept()) {
                    assertThat(again.isConnected()).as("primary reconnected").isTrue();
                }
            }
        }
        assertThat(errors).anyMatch(m -> m.contains("bad ACK sequence 1000000"));
    }
}
