package io.tailguard.journal.replication;

import io.tailguard.journal.JournalId;
import io.tailguard.journal.segment.FrameCodec;
import io.tailguard.journal.segment.FrameStatus;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.util.zip.CRC32C;

/**
 * Not thread-safe (one per accepted connection, its own thread): a replica's side of one
 * connection. It reads the PRIMARY HELLO within the replica timeout, refuses a primary whose
 * records the replica does not hold, becomes the {@link Replica}'s active connection,
 * answers with the replica's HELLO and appends and acknowledges records until the connection ends.
 *
 * <p>Reads go through the socket's stream with a read timeout (a blocking channel read cannot time
 * out). The whole PRIMARY HELLO must arrive within the timeout of the accept, so a client that
 * trickles one byte per pause holds a connection slot no longer than that. Each read of the rest of
 * a frame once its first byte arrived waits at most the timeout, so a stall (no byte for that long)
 * closes the connection, while a large frame that keeps arriving is not cut. An idle primary (no
 * frame started) is never timed out.
 */
final class ReplicaConnection extends Thread {

    private final Replica server;
    private final SocketChannel ch;
    private final String peer;
    /** When the whole PRIMARY HELLO must have arrived: the replica timeout after the accept. */
    private final long handshakeDeadlineNanos;
    /** The highest sequence the primary wrote, as its HELLO says. */
    private long primaryWritten;
    private final CRC32C crc = new CRC32C();
    private final ByteBuffer control = ByteBuffer.allocate(ReplicationCodec.HELLO_LENGTH)
            .order(ByteOrder.LITTLE_ENDIAN);
    /** Writes this side's HELLO and ACKs into {@link #control}. */
    private final ReplicationCodec codec = new ReplicationCodec().wrap(control, 0);

    ReplicaConnection(Replica server, SocketChannel ch) throws IOException {
        super("tailguard-journal-replica-connection");
        setDaemon(true);
        this.server = server;
        this.ch = ch;
        this.peer = String.valueOf(ch.getRemoteAddress());
        this.handshakeDeadlineNanos = server.clock.nanoTime() + server.timeoutNanos;
    }

    /** Closes the connection and waits for its thread to end (it is then no longer appending). */
    void stopAndAwait() {
        server.closeQuietly(ch);
        boolean interrupted = false;
        while (isAlive()) {
            try {
                join();
            } catch (InterruptedException e) {
                interrupted = true; // two threads must never append: wait on, then restore the flag
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void run() {
        try {
            InputStream in = ch.socket().getInputStream();
            JournalId primary = readHello();
            ch.socket().setSoTimeout(ConnectionProblem.soTimeoutMillis(server.timeoutNanos));
            String refusal = server.refusal(primary, primaryWritten);
            if (refusal != null) {
                // answer anyway: the primary's own check then names both journals in its log
                sendHello();
                server.refused(refusal + " (connection from " + peer + " closed)");
                return;
            }
            server.becomeActive(this);
            refusal = server.refusal(primary, primaryWritten); // the previous connection may have appended meanwhile
            sendHello();
            if (refusal != null) {
                server.refused(refusal + " (connection from " + peer + " closed)");
                return;
            }
            if (server.lastSequence() == 0) {
                server.adopt(primary); // an empty replica belongs to the first primary it accepts
            }
            server.incidents.resolved("a primary connected");
            serve(in, primary);
        } catch (ConnectionProblem e) {
            if (e.badFrame) {
                server.rejectedFrame();
                server.incidents.report(e.kind, "replica rejected a frame from " + peer + ": " + e.getMessage()
                        + "; connection closed");
            } else {
                server.incidents.report(e.kind, "replica closed a connection from " + peer + ": " + e.getMessage());
            }
        } catch (IOException | RuntimeException e) {
            if (server.running() && ch.isOpen()) {
                server.incidents.report(e.getClass().getName(), "replica connection from " + peer + " ended: "
                        + e.getMessage());
            }
        } finally {
            server.closeQuietly(ch);
            server.ended(this);
        }
    }

    private JournalId readHello() throws IOException {
        byte[] bytes = new byte[ReplicationCodec.PRIMARY_HELLO_LENGTH];
        ReplicationCodec hello = new ReplicationCodec().wrap(ByteBuffer.wrap(bytes), 0);
        readHandshake(bytes, 0, ReplicationCodec.PREAMBLE_LENGTH);
        String bad = hello.preambleProblem(ReplicationCodec.PRIMARY_HELLO_MAGIC, "primary");
        if (bad != null) {
            throw ConnectionProblem.handshake("not-primary", bad);
        }
        readHandshake(bytes, ReplicationCodec.PREAMBLE_LENGTH,
                ReplicationCodec.PRIMARY_HELLO_LENGTH - ReplicationCodec.PREAMBLE_LENGTH);
        JournalId primary = hello.primaryId();
        if (primary == null) {
            throw ConnectionProblem.handshake("not-primary", "its HELLO carries no journal identity");
        }
        primaryWritten = hello.primaryWritten();
        return primary;
    }

    private void readHandshake(byte[] b, int off, int len) throws IOException {
        ConnectionProblem.readHandshake(ch.socket(), b, off, len, server.clock, handshakeDeadlineNanos,
                arrived -> ConnectionProblem.handshake("handshake-timeout", "no complete PRIMARY HELLO within "
                        + server.timeoutNanos / 1_000_000 + " ms of connecting (replicaTimeout; " + arrived + " of " + ReplicationCodec.PRIMARY_HELLO_LENGTH + " bytes arrived): not a "
                        + "tailguard primary of protocol version " + ReplicationCodec.VERSION));
    }

    private void sendHello() throws IOException {
        control.clear();
        codec.putHello(server.lastSequence(), server.lastCrc(), server.durability.code(), server.holder(),
                server.digest());
        control.limit(ReplicationCodec.HELLO_LENGTH);
        writeControl();
    }

    private void serve(InputStream stream, JournalId primary) throws IOException {
        long last = server.lastSequence();
        long acked = last;
        boolean adopted = false;
        ByteBuffer in = server.buffer(0);
        in.clear();
        while (server.running()) {
            int n;
            try {
                n = stream.read(in.array(), in.position(), in.remaining());
            } catch (SocketTimeoutException e) {
                if (in.position() == 0) {
                    continue; // an idle primary: nothing started, nothing to time out
                }
                throw ConnectionProblem.frame("unfinished", "only " + in.position() + " bytes of a frame arrived, then "
                        + "nothing for " + server.timeoutNanos / 1_000_000 + " ms (replicaTimeout)");
            }
            if (n < 0) {
                return;
            }
            in.position(in.position() + n).flip();
            int end = in.limit();
            int needed = 0;
            while (in.remaining() >= FrameCodec.HEADER_LENGTH) {
                int start = in.position();
                int frameLength = FrameCodec.length(in, start);
                if (!FrameCodec.lengthInRange(frameLength, server.maxFrameLength)) {
                    throw ConnectionProblem.frame("frame", "frame length " + frameLength + " at sequence " + (last + 1)
                            + " is out of range (" + FrameCodec.HEADER_LENGTH + " to " + server.maxFrameLength
                            + ", the largest record of this replica's segment size)");
                }
                if (in.remaining() < frameLength) {
                    needed = frameLength;
                    break;
                }
                FrameStatus st = FrameCodec.check(in, server.view(), crc, start, frameLength, last + 1, 0);
                if (st == FrameStatus.BAD_CHECKSUM) {
                    throw ConnectionProblem.frame("frame", "checksum mismatch at sequence " + (last + 1));
                }
                if (st == FrameStatus.BAD_SEQUENCE) {
                    throw ConnectionProblem.frame("frame", "sequence " + FrameCodec.sequence(in, start) + " but "
                            + (last + 1) + " was expected");
                }
                if (!adopted) {
                    server.adopt(primary); // an older replica directory learns whose records it holds here
                    adopted = true;
                }
                server.append(in, start, frameLength);
                last++;
                in.limit(end).position(start + frameLength);
            }
            in.compact();
            in = server.buffer(needed);
            if (last > acked) {
                server.journal().awaitCommitted(last); // none: at once; sync/periodic: once forced
                control.clear();
                codec.putAck(server.durability.code(), last, server.digest());
                control.limit(ReplicationCodec.ACK_LENGTH);
                writeControl();
                acked = last;
            }
        }
    }

    private void writeControl() throws IOException {
        control.position(0);
        while (control.hasRemaining()) {
            ch.write(control);
        }
    }
}
