package io.tailguard.journal.replication;

import io.tailguard.journal.ErrorHandler;
import io.tailguard.journal.RecordHandler;
import io.tailguard.journal.Tailer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;

/**
 * Thread-safe: the primary's side of replication. A thread connects to the replica, reads its
 * HELLO, streams every record from the replica's last sequence + 1 (catch-up, then live) and a
 * second thread reads acknowledgements. On any error or bad frame it logs the reason, reports
 * the disconnect and reconnects after a pause.
 *
 * <p>Idle strategy: with no linger it spins briefly after its last send, then sleeps until an
 * append wakes it (or 1 ms passes). With a linger of L it does not spin: after a send that took
 * everything written, it parks for L (appends do not wake it), then takes whatever was written
 * meanwhile in one send; finding nothing, it sleeps as above, so a record written after the
 * sender went to sleep is sent at once.
 */
public final class ReplicationSender implements AutoCloseable {

    private static final int SEND_BUFFER = 256 * 1024;
    private static final long RECONNECT_PAUSE_NANOS = 50_000_000L;
    private static final long IDLE_PARK_NANOS = 1_000_000L;
    private static final int SPINS = 200;

    private final InetSocketAddress replica;
    private final long lingerNanos;
    private final Path directory;
    private final ReplicationListener listener;
    private final ErrorHandler errors;
    private final Thread thread;
    private final ByteBuffer out = ByteBuffer.allocateDirect(SEND_BUFFER).order(ByteOrder.LITTLE_ENDIAN);
    private final RecordHandler copy = this::copy;
    private volatile boolean running = true;
    private volatile boolean sleeping;
    private volatile SocketChannel channel;
    private volatile long sends;
    private volatile long lingers;

    /**
     * Creates the sender; {@link #start()} starts its thread. {@code lingerNanos}: see
     * {@link io.tailguard.journal.JournalConfig#replicationLinger()} (0: no linger).
     */
    public ReplicationSender(InetSocketAddress replica, Path directory, ReplicationListener listener,
                             ErrorHandler errors, long lingerNanos) {
        if (lingerNanos < 0) {
            throw new IllegalArgumentException("lingerNanos must be >= 0 but was " + lingerNanos);
        }
        this.replica = replica;
        this.lingerNanos = lingerNanos;
        this.directory = directory;
        this.listener = listener;
        this.errors = errors;
        this.thread = new Thread(this::runLoop, "tailguard-journal-replication");
        this.thread.setDaemon(true);
    }

    /** Starts connecting. */
    public void start() {
        thread.start();
    }

    /** Tells the sender new records were written (cheap when it is busy). */
    public void wake() {
        if (sleeping) {
            LockSupport.unpark(thread);
        }
    }

    private void runLoop() {
        while (running) {
            try (SocketChannel ch = SocketChannel.open()) {
                ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                ch.connect(replica);
                channel = ch;
                serve(ch);
            } catch (IOException | RuntimeException e) {
                if (running) {
                    errors.onError("replication to " + replica + " stopped: " + e.getMessage(), null);
                }
            } finally {
                if (channel != null) {
                    channel = null;
                    listener.onDisconnected();
                }
            }
            if (running) {
                LockSupport.parkNanos(RECONNECT_PAUSE_NANOS);
            }
        }
    }

    private void serve(SocketChannel ch) throws IOException {
        ByteBuffer hello = ByteBuffer.allocate(ReplicationProtocol.CONTROL_LENGTH).order(ByteOrder.LITTLE_ENDIAN);
        readFully(ch, hello);
        if (hello.getInt(0) != ReplicationProtocol.HELLO_MAGIC || hello.getInt(4) != ReplicationProtocol.VERSION) {
            throw new IOException("bad HELLO from replica (magic " + Integer.toHexString(hello.getInt(0))
                    + ", version " + hello.getInt(4) + ")");
        }
        long replicaLast = hello.getLong(8);
        long written = listener.writtenSequence();
        if (replicaLast < 0 || replicaLast > written) {
            throw new IOException("replica holds sequence " + replicaLast + " but the primary wrote only " + written);
        }
        listener.onConnected(replicaLast);
        AckReader acks = new AckReader(ch, replicaLast);
        acks.start();
        try (Tailer tailer = Tailer.open(directory, replicaLast + 1)) {
            int idle = 0;
            while (running && acks.isAlive()) {
                out.clear();
                boolean tookAll = false;
                while (out.remaining() >= SEND_BUFFER / 2) {
                    if (!tailer.pollFrame(copy)) {
                        tookAll = true;
                        break;
                    }
                    acks.sentUpTo = tailer.nextSequence() - 1;
                }
                if (out.position() > 0) {
                    out.flip();
                    while (out.hasRemaining()) {
                        ch.write(out);
                    }
                    sends++; // only this thread writes it
                    idle = 0;
                    if (tookAll && lingerNanos > 0) {
                        lingers++; // only this thread writes it
                        LockSupport.parkNanos(this, lingerNanos);
                    }
                } else if (lingerNanos == 0 && ++idle < SPINS) {
                    Thread.onSpinWait();
                } else {
                    sleeping = true;
                    if (listener.writtenSequence() < tailer.nextSequence() && running) {
                        LockSupport.parkNanos(this, IDLE_PARK_NANOS);
                    }
                    sleeping = false;
                }
            }
        } finally {
            ch.close();
            try {
                acks.join(1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Copies a checked frame verbatim: the wire format is the journal's frame without padding. */
    private void copy(long sequence, ByteBuffer frame) {
        int frameLength = frame.remaining();
        if (frameLength > out.remaining()) {
            throw new IllegalStateException("record " + sequence + " of " + frameLength
                    + " bytes exceeds the replication buffer");
        }
        out.put(frame);
    }

    /** Returns how many batches of records were written to replicas since the sender started (all connections). */
    public long sends() {
        return sends;
    }

    /** Returns how many times the sender lingered after a send since it started (0 while the linger is 0). */
    public long lingers() {
        return lingers;
    }

    static void readFully(SocketChannel ch, ByteBuffer buf) throws IOException {
        while (buf.hasRemaining()) {
            if (ch.read(buf) < 0) {
                throw new IOException("connection closed by peer");
            }
        }
    }

    /** Stops the sender and closes the connection. */
    @Override
    public void close() {
        running = false;
        SocketChannel ch = channel;
        if (ch != null) {
            try {
                ch.close();
            } catch (IOException e) {
                errors.onError("closing replication connection failed", e);
            }
        }
        LockSupport.unpark(thread);
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Reads ACKs; a bad one closes the connection. */
    private final class AckReader extends Thread {
        private final SocketChannel ch;
        private long last;
        volatile long sentUpTo;

        AckReader(SocketChannel ch, long replicaLast) {
            super("tailguard-journal-acks");
            setDaemon(true);
            this.ch = ch;
            this.last = replicaLast;
            this.sentUpTo = replicaLast;
        }

        @Override
        public void run() {
            // read acknowledgements in bulk: under load many are queued, only the last one matters
            ByteBuffer acks = ByteBuffer.allocateDirect(ReplicationProtocol.CONTROL_LENGTH * 256)
                    .order(ByteOrder.LITTLE_ENDIAN);
            try {
                while (true) {
                    if (ch.read(acks) < 0) {
                        throw new IOException("connection closed by peer");
                    }
                    acks.flip();
                    long newest = last;
                    while (acks.remaining() >= ReplicationProtocol.CONTROL_LENGTH) {
                        int at = acks.position();
                        long seq = acks.getLong(at + 8);
                        if (acks.getInt(at) != ReplicationProtocol.ACK_MAGIC) {
                            throw new IOException("bad ACK magic " + Integer.toHexString(acks.getInt(at)));
                        }
                        if (seq < newest || seq > sentUpTo) {
                            throw new IOException("bad ACK sequence " + seq + " (last " + newest + ", sent "
                                    + sentUpTo + ")");
                        }
                        newest = seq;
                        acks.position(at + ReplicationProtocol.CONTROL_LENGTH);
                    }
                    acks.compact();
                    if (newest > last) {
                        last = newest;
                        listener.onAcknowledged(newest);
                    }
                }
            } catch (IOException | RuntimeException e) {
                if (running && ch.isOpen()) {
                    errors.onError("replica " + replica + " rejected: " + e.getMessage() + "; closing connection", null);
                }
                try {
                    ch.close();
                } catch (IOException ignored) {
                    // already failing; the sender thread reports the disconnect
                }
            }
        }
    }
}
