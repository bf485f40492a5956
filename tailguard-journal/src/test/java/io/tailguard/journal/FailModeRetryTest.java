package io.tailguard.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * With {@link ReplicaDownAction#FAIL} a failed append says whether its record was written: a
 * record written before the replica went away fails with its sequence and commits, once, when a
 * replica acknowledges it, so a caller that retries by waiting for that sequence stores nothing
 * twice; an append refused while the replica is known to be down wrote nothing, and appending it
 * again stores it once. The fake replica answers only when the test says. A commit listener that
 * throws does not make the append of a written record throw either.
 */
@Timeout(60)
class FailModeRetryTest {

    @TempDir
    Path tmp;

    private static byte[] record(int i) {
        return new byte[] {(byte) i, 2, 3, 4};
    }

    @Test
    void aListenerThatThrowsOnAppendedDoesNotMakeAWrittenRecordsAppendThrow() throws Exception {
        LogCollector log = new LogCollector();
        CommitListener throwing = new CommitListener() {
            @Override
            public void onCommitted(long committedSequence) {
            }

            @Override
            public void onAppended(long sequence, boolean waitsForForce) {
                throw new IllegalStateException("listener bug");
            }
        };
        try (Journal j = Journal.open(JournalConfig.builder(tmp.resolve("l")).segmentSizeBytes(1 << 20).errors(log)
                .build(), throwing)) {
            assertThat(j.appendBlocking(record(1))).isEqualTo(1);
            assertThat(j.appendNoWait(record(2), 0, 4)).isEqualTo(2);
            assertThat(log.await("commit listener failed on record 2")).contains("listener bug");
        }
        try (Tailer t = Tailer.open(tmp.resolve("l"), 1)) {
            assertThat(Payloads.drain(t)).containsExactly(record(1), record(2));
        }
    }

    @Test
    void aFailedAppendCarriesTheSequenceItWroteAndARetryStoresEachRecordOnce() throws Exception {
        try (ServerSocketChannel fake = ServerSocketChannel.open()) {
            fake.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            JournalConfig cfg = JournalConfig.builder(tmp.resolve("p")).segmentSizeBytes(1 << 20)
                    .errors(new LogCollector())
                    .replication(CommitMode.ACK, (InetSocketAddress) fake.getLocalAddress())
                    .replicaDown(ReplicaDownAction.FAIL).replicaTimeout(Duration.ofMinutes(1)).build();
            try (Journal j = Journal.open(cfg)) {
                CompletableFuture<Long> first = j.append(record(1));
                try (SocketChannel attempt = fake.accept()) {
                    // closed unanswered: the first attempt fails, the written record with it
                }
                ExecutionException failed = catchThrowableOfType(() -> first.get(20, TimeUnit.SECONDS),
                        ExecutionException.class);
                assertThat(failed).hasCauseInstanceOf(ReplicaUnavailableException.class);
                ReplicaUnavailableException written = (ReplicaUnavailableException) failed.getCause();
                assertThat(written.written()).isTrue();
                assertThat(written.writtenSequence()).isEqualTo(1);
                assertThat(written).hasMessageContaining("record 1 is written");

                ReplicaUnavailableException refused = catchThrowableOfType(() -> j.appendBlocking(record(2)),
                        ReplicaUnavailableException.class);
                assertThat(refused.written()).isFalse();
                assertThat(refused.writtenSequence()).isZero();
                assertThat(refused).hasMessageContaining("not written");
                assertThat(j.writtenSequence()).as("the refused append wrote nothing").isEqualTo(1);
                assertThatThrownBy(() -> j.awaitCommitted(1)).as("still down")
                        .isInstanceOf(ReplicaUnavailableException.class);

                try (SocketChannel replica = fake.accept()) {
                    Wire.answerEmpty(replica);
                    assertThat(Wire.receive(replica, 4).getLong(8)).as("record 1 is sent again").isEqualTo(1);
                    Wire.ack(replica, 1, Wire.digest(1, i -> record((int) i)));
                    j.awaitCommitted(written.writtenSequence()); // the retry of the written record
                    CompletableFuture<Long> again = j.append(record(2)); // the retry of the refused one
                    assertThat(Wire.receive(replica, 4).getLong(8)).isEqualTo(2);
                    Wire.ack(replica, 2, Wire.digest(2, i -> record((int) i)));
                    assertThat(again.get(20, TimeUnit.SECONDS)).isEqualTo(2);
                }
                assertThat(j.writtenSequence()).isEqualTo(2);
            }
        }
        List<byte[]> all;
        try (Tailer t = Tailer.open(tmp.resolve("p"), 1)) {
            all = Payloads.drain(t);
        }
        assertThat(all).containsExactly(record(1), record(2));
    }
}
