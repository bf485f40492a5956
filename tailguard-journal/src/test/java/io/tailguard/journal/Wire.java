package io.tailguard.journal;

import io.tailguard.journal.replication.ReplicationCodec;
import io.tailguard.journal.segment.FrameCodec;
import io.tailguard.journal.segment.HistoryDigest;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.util.function.LongFunction;
import java.util.zip.CRC32C;

/** Scripted ends of the replication protocol for tests: a fake replica's or a fake primary's messages. */
final class Wire {

    private Wire() {
    }

    /** Returns the loopback address at {@code port} (0: any free port, for a server to bind). */
    static InetSocketAddress loopback(int port) {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
    }

    /** As a fake replica: reads the primary's HELLO and returns it. */
    static ByteBuffer readPrimaryHello(SocketChannel ch) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(ReplicationCodec.PRIMARY_HELLO_LENGTH).order(ByteOrder.LITTLE_ENDIAN);
        readFully(ch, b);
        return b;
    }

    /** Returns the identity a PRIMARY HELLO carries. */
    static JournalId primaryId(ByteBuffer primaryHello) {
        ReplicationCodec hello = new ReplicationCodec().wrap(primaryHello, 0);
        return hello.primaryId();
    }

    /** As a fake replica: reads the primary's HELLO and answers that it holds nothing. */
    static void answerEmpty(SocketChannel ch) throws IOException {
        readPrimaryHello(ch);
        sendHello(ch, 0, 0, ReplicaDurability.NONE, null, HistoryDigest.EMPTY);
    }

    /** As a fake replica: sends a REPLICA HELLO. */
    static void sendHello(SocketChannel ch, long last, int lastCrc, ReplicaDurability d, JournalId holder,
                          long digest) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(ReplicationCodec.HELLO_LENGTH).order(ByteOrder.LITTLE_ENDIAN);
        new ReplicationCodec().wrap(b, 0).putHello(last, lastCrc, d.code(), holder, digest);
        write(ch, b);
    }

    /** As a fake replica: acknowledges every record up to {@code seq} (durability none), whose history folds to {@code digest}. */
    static void ack(SocketChannel ch, long seq, long digest) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(ReplicationCodec.ACK_LENGTH).order(ByteOrder.LITTLE_ENDIAN);
        new ReplicationCodec().wrap(b, 0).putAck(ReplicaDurability.NONE.code(), seq, digest);
        write(ch, b);
    }

    /** Returns the history digest of records 1..{@code upTo} whose payloads are {@code payloadOf}. */
    static long digest(long upTo, LongFunction<byte[]> payloadOf) {
        long d = HistoryDigest.EMPTY;
        for (long i = 1; i <= upTo; i++) {
            d = HistoryDigest.fold(d, frame(i, payloadOf.apply(i), false).getInt(FrameCodec.CRC_OFFSET));
        }
        return d;
    }

    /** As a fake replica: reads one frame of {@code payloadLength} bytes and returns it. */
    static ByteBuffer receive(SocketChannel ch, int payloadLength) throws IOException {
        ByteBuffer frame = ByteBuffer.allocate(FrameCodec.HEADER_LENGTH + payloadLength)
                .order(ByteOrder.LITTLE_ENDIAN);
        readFully(ch, frame);
        return frame;
    }

    /** As a fake primary: sends a PRIMARY HELLO. */
    static void sendPrimaryHello(SocketChannel ch, JournalId id, long written) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(ReplicationCodec.PRIMARY_HELLO_LENGTH).order(ByteOrder.LITTLE_ENDIAN);
        new ReplicationCodec().wrap(b, 0).putPrimaryHello(id, written);
        write(ch, b);
    }

    /** As a fake primary: reads the replica's HELLO (or an ACK: same first 16 bytes). */
    static ByteBuffer readReplicaHello(SocketChannel ch) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(ReplicationCodec.HELLO_LENGTH).order(ByteOrder.LITTLE_ENDIAN);
        readFully(ch, b);
        return b;
    }

    /** As a fake primary: reads one ACK. */
    static ByteBuffer readAck(SocketChannel ch) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(ReplicationCodec.ACK_LENGTH).order(ByteOrder.LITTLE_ENDIAN);
        readFully(ch, b);
        return b;
    }

    /** Returns a frame as the primary sends it; {@code corrupt} flips its checksum. */
    static ByteBuffer frame(long seq, byte[] payload, boolean corrupt) {
        int len = FrameCodec.HEADER_LENGTH + payload.length;
        ByteBuffer b = ByteBuffer.allocate(len).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0, len).putLong(8, seq).put(FrameCodec.HEADER_LENGTH, payload);
        int crc = FrameCodec.crc(new CRC32C(), b.duplicate(), 0, len);
        b.putInt(4, corrupt ? ~crc : crc);
        return b.position(0).limit(len);
    }

    /** Returns true when the other side closed the connection (end of stream, or a reset because it left bytes unread). */
    static boolean closedByPeer(SocketChannel ch) {
        try {
            return ch.read(ByteBuffer.allocate(ReplicationCodec.HELLO_LENGTH)) < 0;
        } catch (IOException e) {
            return true;
        }
    }

    static void readFully(SocketChannel ch, ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            if (ch.read(b) < 0) {
                throw new IOException("closed by the other side");
            }
        }
    }

    static void write(SocketChannel ch, ByteBuffer b) throws IOException {
        b.position(0);
        while (b.hasRemaining()) {
            ch.write(b);
        }
    }
}
