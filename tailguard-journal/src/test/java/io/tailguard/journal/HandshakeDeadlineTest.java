package io.tailguard.journal;

import io.tailguard.journal.replication.ReplicationCodec;
import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.time.ManualClock;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client that sends its PRIMARY HELLO one byte per pause, each pause shorter than the replica
 * timeout, must not hold a connection slot past the timeout: the whole handshake has a deadline.
 * The replica's clock is manual, so "a minute later" takes no real time.
 */
@Timeout(60)
class HandshakeDeadlineTest {

    @TempDir
    Path tmp;

    /** Returns true when the other side closes (end of stream or a reset), false when 10 s pass first. */
    private static boolean closedWithin10s(SocketChannel ch) throws IOException {
        ch.socket().setSoTimeout(10_000);
        try {
            return ch.socket().getInputStream().read() < 0;
        } catch (SocketTimeoutException e) {
            return false; // without a whole-handshake deadline nothing closes it
        } catch (IOException e) {
            return true; // a reset: the replica closed with the last byte unread
        }
    }

    @Test
    void aClientThatTricklesItsHelloIsClosedWhenTheWholeHandshakeOutlastsTheTimeout() throws Exception {
        ManualClock clock = new ManualClock();
        LogCollector log = new LogCollector();
        JournalConfig cfg = JournalConfig.builder(tmp.resolve("replica")).segmentSizeBytes(1 << 20).errors(log)
                .clock(clock).replicaTimeout(Duration.ofMinutes(1)).build();
        try (ReplicaServer r = ReplicaServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), cfg);
             SocketChannel trickle = SocketChannel.open(r.address())) {
            Await.until(() -> r.stats().openConnections() == 1, "the replica accepted the client"); // its deadline is now fixed
            ByteBuffer hello = ByteBuffer.allocate(ReplicationCodec.PRIMARY_HELLO_LENGTH).order(ByteOrder.LITTLE_ENDIAN);
            JournalId id = JournalId.random();
            new ReplicationCodec().wrap(hello, 0).putPrimaryHello(id, 0);
            for (int i = 0; i < 3; i++) {
                trickle.write(hello.limit(i + 1).position(i));
                clock.advance(Duration.ofSeconds(25)); // each pause well inside the timeout; 75 s in all
            }
            trickle.write(hello.limit(4).position(3));
            assertThat(closedWithin10s(trickle)).as("the replica closed the trickling client").isTrue();
            assertThat(log.await("no complete PRIMARY HELLO within 60000 ms of connecting")).contains("of 32 bytes");
            Await.until(() -> r.stats().openConnections() == 0, "the slot was freed");
        }
    }
}
