package io.tailguard.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.journal.durability.Durability;
import io.tailguard.time.ManualClock;
import io.tailguard.time.NanoClock;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ack-or-sync} with a grace, against a scripted replica that acknowledges only when told:
 * the journal's clock is a {@link ManualClock} that moves only when a test advances it, so no
 * grace expires unless a test says so.
 */
@Timeout(30) // a regression would block in awaitCommitted, which waits on the journal, not the clock
class AckOrSyncGraceTest {

    private static final Duration GRACE = Duration.ofMillis(10);
    private static final int SMALL = 1 << 20;

    @TempDir
    Path tmp;

    private final ManualClock clock = new ManualClock(1_000_000_000L);
    private ServerSocketChannel fake;

    @BeforeEach
    void listen() throws IOException {
        fake = ServerSocketChannel.open();
        fake.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    }

    @AfterEach
    void close() throws IOException {
        fake.close();
    }

    private JournalConfig config(Duration grace) throws IOException {
        return JournalConfig.builder(tmp.resolve("primary")).segmentSizeBytes(SMALL)
                .replication(CommitMode.ACK_OR_SYNC, (InetSocketAddress) fake.getLocalAddress())
                .ackGrace(grace).clock(clock).errors((m, c) -> { }).build();
    }

    private static byte[] record(long seq) {
        byte[] b = new byte[100 + (int) (seq % 50)];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (seq * 31 + i);
        }
        return b;
    }

    /** Accepts the primary's connection, says the replica holds nothing and waits until the primary read that. */
    private SocketChannel acceptEmptyReplica(Journal j) throws IOException {
        SocketChannel ch = fake.accept();
        Wire.answerEmpty(ch);
        NanoClock real = NanoClock.system();
        long deadline = real.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!j.replicaConnected()) {
            assertThat(real.nanoTime()).as("primary saw the replica's HELLO within 10 s").isLessThan(deadline);
            Thread.onSpinWait();
        }
        return ch;
    }

    private static void receive(SocketChannel ch, long seq) throws IOException {
        ByteBuffer frame = Wire.receive(ch, record(seq).length);
        assertThat(frame.getLong(8)).isEqualTo(seq);
    }

    private static void ack(SocketChannel ch, long seq) throws IOException {
        Wire.ack(ch, seq, Wire.digest(seq, AckOrSyncGraceTest::record));
    }


    private List<byte[]> reopenAndRead() {
        try (Journal j = Journal.open(JournalConfig.builder(tmp.resolve("primary")).segmentSizeBytes(SMALL).build());
             Tailer t = j.tailer(1)) {
            return Payloads.drain(t);
        }
    }

    @Test
    void recordsAcknowledgedWithinTheGraceCommitWithoutAnyForce() throws IOException {
        try (Journal j = Journal.open(config(GRACE))) {
            try (SocketChannel replica = acceptEmptyReplica(j)) {
                for (long seq = 1; seq <= 30; seq++) {
                    assertThat(j.appendNoWait(record(seq), 0, record(seq).length)).isEqualTo(seq);
                    receive(replica, seq);
                    clock.advance(GRACE.minusNanos(1).dividedBy(30));
                    ack(replica, seq);
                    j.awaitCommitted(seq);
                }
                assertThat(j.committedSequence()).isEqualTo(30);
                assertThat(j.ackedSequence()).isEqualTo(30);
                assertThat(j.forceCount()).as("forces").isZero();
                assertThat(j.forcedSequence()).isZero();
            }
        }
        assertThat(reopenAndRead()).as("close forced what was acknowledged").hasSize(30).last()
                .isEqualTo(record(30));
    }

    @Test
    void aRecordNotAcknowledgedWithinTheGraceIsForcedAndCommits() throws IOException {
        try (Journal j = Journal.open(config(GRACE))) {
            try (SocketChannel replica = acceptEmptyReplica(j)) {
                j.appendNoWait(record(1), 0, record(1).length);
                receive(replica, 1);
                ack(replica, 1);
                j.awaitCommitted(1);
                j.appendNoWait(record(2), 0, record(2).length);
                receive(replica, 2);
                clock.advance(GRACE.minusNanos(1));
                assertThat(j.forceCount()).isZero();
                clock.advance(Duration.ofNanos(1));
                j.awaitCommitted(2);
                assertThat(j.forcedSequence()).as("forced, not acknowledged").isEqualTo(2);
                assertThat(j.ackedSequence()).isEqualTo(1);
                assertThat(j.forceCount()).isEqualTo(1);
            }
        }
        assertThat(reopenAndRead()).containsExactly(record(1), record(2));
    }

    @Test
    void aRecordThePolicyWantsForcedIsForcedAtOnceEvenWhenAcknowledged() throws IOException {
        // periodic:1s marks every record as needing a force; an acknowledgement cannot commit it,
        // so the grace must not hold its force back until the policy's next period
        try (Journal j = Journal.open(config(GRACE).toBuilder().durability(Durability.periodic(Duration.ofSeconds(1))).build())) {
            try (SocketChannel replica = acceptEmptyReplica(j)) {
                j.appendNoWait(record(1), 0, record(1).length);
                receive(replica, 1);
                ack(replica, 1);
                j.awaitCommitted(1); // the clock stands still: neither the grace nor the period passes
                assertThat(j.forcedSequence()).isEqualTo(1);
            }
        }
        assertThat(reopenAndRead()).containsExactly(record(1));
    }

    @Test
    void whenTheReplicaDisconnectsUnacknowledgedRecordsAreForcedAtOnce() throws IOException {
        try (Journal j = Journal.open(config(Duration.ofMinutes(1)))) {
            SocketChannel replica = acceptEmptyReplica(j);
            for (long seq = 1; seq <= 3; seq++) {
                j.appendNoWait(record(seq), 0, record(seq).length);
                receive(replica, seq);
            }
            assertThat(j.committedSequence()).isZero();
            replica.close();
            j.awaitCommitted(3);
            assertThat(j.forcedSequence()).isEqualTo(3);
            assertThat(j.ackedSequence()).isZero();
        }
        assertThat(reopenAndRead()).containsExactly(record(1), record(2), record(3));
    }

    @Test
    void withoutAReplicaEveryAppendIsForcedBeforeItCommitsWhateverTheGrace() throws IOException {
        JournalConfig cfg = config(Duration.ofMinutes(1));
        fake.close(); // nothing listens: the replica is down
        try (Journal j = Journal.open(cfg)) {
            for (long seq = 1; seq <= 10; seq++) {
                assertThat(j.appendBlocking(record(seq))).isEqualTo(seq);
                assertThat(j.forcedSequence()).isGreaterThanOrEqualTo(seq);
            }
            assertThat(j.ackedSequence()).isZero();
        }
        assertThat(reopenAndRead()).hasSize(10);
    }

    @Test
    void theGraceIsValidated() throws IOException {
        JournalConfig cfg = config(GRACE);
        assertThatThrownBy(() -> cfg.toBuilder().ackGrace(Duration.ofMillis(-1)).build())
                .hasMessage("ackGrace must be >= 0 but was PT-0.001S");
        assertThatThrownBy(() -> cfg.toBuilder().ackGrace(Duration.ofMinutes(2)).build())
                .hasMessage("ackGrace must be <= PT1M but was PT2M");
        assertThatThrownBy(() -> cfg.toBuilder().ackGrace(null).build()).hasMessageContaining("ackGrace");
    }
}
