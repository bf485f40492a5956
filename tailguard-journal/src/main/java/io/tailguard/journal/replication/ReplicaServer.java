package io.tailguard.journal.replication;

import io.tailguard.journal.ErrorHandler;
import io.tailguard.journal.Journal;
import io.tailguard.journal.JournalConfig;
import io.tailguard.journal.segment.SegmentLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.zip.CRC32C;

/**
 * Thread-safe: a replica. It listens for one primary at a time, sends HELLO with the highest
 * sequence its own journal holds, checks every incoming record (length, CRC32C, sequence =
 * previous + 1), appends it to its journal and acknowledges the highest committed sequence after
 * each batch read from the socket. A bad frame is logged with its reason and closes the
 * connection; what was appended before stays.
 */
public final class ReplicaServer implements AutoCloseable {

    private static final int READ_BUFFER = 1 << 20;

    private final Journal journal;
    private final ServerSocketChannel server;
    private final ErrorHandler errors;
    private final Thread thread;
    private final int maxFrameLength;
    private final ByteBuffer in = ByteBuffer.allocateDirect(READ_BUFFER).order(ByteOrder.LITTLE_ENDIAN);
    private final ByteBuffer view = in.duplicate();
    private final ByteBuffer control = ByteBuffer.allocateDirect(ReplicationProtocol.CONTROL_LENGTH)
            .order(ByteOrder.LITTLE_ENDIAN);
    private final CRC32C crc = new CRC32C();
    private volatile boolean running = true;
    private volatile SocketChannel connection;
    private volatile long connections;
    private volatile long rejectedFrames;

    private ReplicaServer(InetSocketAddress listen, JournalConfig journalConfig) {
        this.journal = Journal.open(journalConfig);
        this.errors = journalConfig.errors();
        this.maxFrameLength = Math.min(READ_BUFFER,
                SegmentLayout.FRAME_HEADER_LENGTH + SegmentLayout.maxPayload(journalConfig.segmentSizeBytes()));
        try {
            this.server = ServerSocketChannel.open();
            server.bind(listen);
        } catch (IOException e) {
            journal.close();
            throw new UncheckedIOException("cannot listen on " + listen, e);
        }
        this.thread = new Thread(this::acceptLoop, "tailguard-journal-replica");
        this.thread.setDaemon(true);
    }

    /**
     * Opens the replica's journal (which must use the {@code local} commit mode) and starts
     * listening on {@code listen} (port 0 picks a free port).
     */
    public static ReplicaServer start(InetSocketAddress listen, JournalConfig journalConfig) {
        if (journalConfig.commitMode().replicated()) {
            throw new IllegalArgumentException("replica journal commitMode must be local but was "
                    + journalConfig.commitMode().label());
        }
        ReplicaServer r = new ReplicaServer(listen, journalConfig);
        r.thread.start();
        return r;
    }

    /** Returns the bound address. */
    public InetSocketAddress address() {
        try {
            return (InetSocketAddress) server.getLocalAddress();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Returns the replica's own journal. */
    public Journal journal() {
        return journal;
    }

    /** Returns how many primaries have connected so far. */
    public long connections() {
        return connections;
    }

    /** Returns how many connections were closed because of a bad frame. */
    public long rejectedFrames() {
        return rejectedFrames;
    }

    private void acceptLoop() {
        while (running) {
            SocketChannel ch = null;
            try {
                ch = server.accept();
                ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                connection = ch;
                connections++;
                serve(ch);
            } catch (BadFrameException e) {
                rejectedFrames++;
                errors.onError("replica rejected a frame from the primary: " + e.getMessage()
                        + "; connection closed", null);
            } catch (IOException | RuntimeException e) {
                if (running) {
                    errors.onError("replica connection ended: " + e.getMessage(), null);
                }
            } finally {
                // closed only after the reason is counted and logged
                connection = null;
                closeQuietly(ch);
            }
        }
    }

    private void closeQuietly(SocketChannel ch) {
        if (ch != null) {
            try {
                ch.close();
            } catch (IOException e) {
                errors.onError("closing the primary's connection failed", e);
            }
        }
    }

    private void serve(SocketChannel ch) throws IOException {
        long last = journal.writtenSequence();
        control.clear();
        ReplicationProtocol.putHello(control, last);
        writeControl(ch);
        long acked = last;
        in.clear();
        while (running) {
            if (ch.read(in) < 0) {
                return;
            }
            in.flip();
            int end = in.limit();
            while (in.remaining() >= SegmentLayout.FRAME_HEADER_LENGTH) {
                int start = in.position();
                int frameLength = in.getInt(start);
                if (frameLength < SegmentLayout.FRAME_HEADER_LENGTH || frameLength > maxFrameLength) {
                    throw new BadFrameException("frame length " + frameLength + " out of range at sequence " + (last + 1));
                }
                if (in.remaining() < frameLength) {
                    break;
                }
                if (in.getInt(start + 4) != SegmentLayout.frameCrc(crc, view, start, frameLength)) {
                    throw new BadFrameException("checksum mismatch at sequence " + (last + 1));
                }
                long seq = in.getLong(start + 8);
                if (seq != last + 1) {
                    throw new BadFrameException("sequence " + seq + " but " + (last + 1) + " was expected");
                }
                in.limit(start + frameLength).position(start + SegmentLayout.FRAME_HEADER_LENGTH);
                journal.appendNoWait(in);
                last = seq;
                in.limit(end).position(start + frameLength);
            }
            in.compact();
            long committed = journal.committedSequence();
            if (committed > acked) {
                control.clear();
                ReplicationProtocol.putAck(control, committed);
                writeControl(ch);
                acked = committed;
            }
        }
    }

    private void writeControl(SocketChannel ch) throws IOException {
        control.flip();
        while (control.hasRemaining()) {
            ch.write(control);
        }
    }

    /** Stops listening, closes the connection and the journal. */
    @Override
    public void close() {
        running = false;
        try {
            server.close();
            SocketChannel ch = connection;
            if (ch != null) {
                ch.close();
            }
        } catch (IOException e) {
            errors.onError("closing replica failed", e);
        }
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        journal.close();
    }

    /** A frame from the primary that fails a check. */
    private static final class BadFrameException extends IOException {
        private static final long serialVersionUID = 1L;

        BadFrameException(String message) {
            super(message);
        }
    }
}
