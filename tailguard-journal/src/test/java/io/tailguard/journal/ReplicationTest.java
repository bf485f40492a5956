package io.tailguard.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
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

    private static InetSocketAddress loopback(int port) {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
    }

    private static int freePort() throws IOException {
        try (ServerSocketChannel s = ServerSocketChannel.open()) {
            s.bind(loopback(0));
            return ((InetSocketAddress) s.getLocalAddress()).getPort();
        }
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

    private static List<byte[]> read(Path dir) {
        try (Tailer t = Tailer.open(dir, 1)) {
            return Payloads.drain(t);
        }
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
        List<byte[]> copy = read(tmp.resolve("replica"));
        assertThat(copy).hasSize(300);
        for (int i = 0; i < 300; i++) {
            assertThat(copy.get(i)).isEqualTo(record(i + 1));
        }
    }

    @Test
    void aLingeringSenderLingersOnlyAfterASendThatTookEverythingAndDeliversInOrder() throws Exception {
        try (ReplicaServer r = replica("replica", 0);
             Journal j = Journal.open(primary(CommitMode.ACK, r.address())
                     .toBuilder().replicationLinger(Duration.ofMillis(50)).build())) {
            for (long i = 1; i <= 10; i++) {
                // one at a time: each send takes everything written, so the sender lingers after it
                assertThat(j.appendBlocking(record(i))).isEqualTo(i);
            }
            // the 10th send (and its linger) may be counted just after its acknowledgement arrived
            assertThat(j.replicationSends()).isBetween(9L, 10L);
            assertThat(j.replicationLingers()).isBetween(9L, 10L);
            long sendsBefore = j.replicationSends();
            long lingersBefore = j.replicationLingers();
            // about 540 KB appended while the sender lingers: full batches go out with no linger between
            List<CompletableFuture<Long>> burst = new ArrayList<>();
            for (long i = 11; i <= 3000; i++) {
                burst.add(j.append(record(i)));
            }
            assertThat(burst.get(burst.size() - 1).get(10, TimeUnit.SECONDS)).isEqualTo(3000L);
            assertThat(burst).allMatch(f -> f.isDone() && !f.isCompletedExceptionally());
            assertThat(j.replicationLingers() - lingersBefore).isLessThan(j.replicationSends() - sendsBefore);
            assertThat(r.journal().writtenSequence()).isEqualTo(3000);
        }
        List<byte[]> copy = read(tmp.resolve("replica"));
        assertThat(copy).hasSize(3000);
        for (int i = 0; i < copy.size(); i++) {
            assertThat(copy.get(i)).isEqualTo(record(i + 1));
        }
        assertThat(errors).isEmpty();
    }

    @Test
    void withoutALingerTheSenderNeverLingers() {
        try (ReplicaServer r = replica("replica", 0);
             Journal j = Journal.open(primary(CommitMode.ACK, r.address()))) {
            for (long i = 1; i <= 10; i++) {
                assertThat(j.appendBlocking(record(i))).isEqualTo(i);
            }
            assertThat(j.replicationSends()).isBetween(9L, 10L);
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
        int port = freePort();
        try (Journal j = Journal.open(primary(CommitMode.ACK, loopback(port)))) {
            List<CompletableFuture<Long>> first = new ArrayList<>();
            for (long i = 1; i <= 50; i++) {
                first.add(j.append(record(i)));
            }
            assertThat(first).noneMatch(CompletableFuture::isDone);
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
                assertThat(r.connections()).isEqualTo(1);
            }
        }
        List<byte[]> copy = read(tmp.resolve("replica"));
        assertThat(copy).hasSize(100);
        assertThat(copy.get(99)).isEqualTo(record(100));
    }

    @Test
    void ackOrSyncFallsBackToSyncWhenTheReplicaIsDown() throws IOException {
        try (Journal j = Journal.open(primary(CommitMode.ACK_OR_SYNC, loopback(freePort())))) {
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
        JournalConfig cfg = primary(CommitMode.ACK, loopback(freePort())).toBuilder().replicaDown(ReplicaDownAction.FAIL).build();
        try (Journal j = Journal.open(cfg)) {
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
                assertThat(hello.getInt(0)).isEqualTo(ReplicationProtocol.HELLO_MAGIC);
                assertThat(hello.getLong(8)).isZero();
                Wire.write(ch, Wire.frame(1, record(1), false));
                assertThat(Wire.readAck(ch).getLong(8)).isEqualTo(1);
                Wire.write(ch, Wire.frame(2, record(2), true));
                assertThat(ch.read(ByteBuffer.allocate(16))).as("replica closed the connection").isEqualTo(-1);
            }
            assertThat(r.rejectedFrames()).isEqualTo(1);
            assertThat(errors).anyMatch(m -> m.contains("checksum mismatch"));
            try (SocketChannel ch = SocketChannel.open(r.address())) {
                Wire.sendPrimaryHello(ch, primary, 5);
                assertThat(Wire.readReplicaHello(ch).getLong(8)).as("replica still holds record 1").isEqualTo(1);
                Wire.write(ch, Wire.frame(5, record(5), false));
                assertThat(ch.read(ByteBuffer.allocate(16))).isEqualTo(-1);
            }
            assertThat(errors).anyMatch(m -> m.contains("sequence 5 but 2 was expected"));
        }
        assertThat(read(tmp.resolve("replica"))).hasSize(1);
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
                    Wire.ack(ch, 1_000_000);
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
