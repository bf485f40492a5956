package io.tailguard.journal.replication;

import io.tailguard.journal.Journal;
import io.tailguard.journal.JournalConfig;
import io.tailguard.journal.JournalId;
import io.tailguard.journal.ReplicaDurability;
import io.tailguard.journal.ReplicaServer;
import io.tailguard.journal.ReplicaStats;
import io.tailguard.journal.scan.IdFile;
import io.tailguard.journal.scan.RecordReader;
import io.tailguard.journal.segment.FrameCodec;
import io.tailguard.journal.segment.HistoryDigest;
import io.tailguard.journal.segment.Segment;
import io.tailguard.journal.segment.SegmentLayout;
import io.tailguard.journal.worker.IncidentLog;
import io.tailguard.journal.worker.Threads;
import io.tailguard.time.NanoClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * Thread-safe: the replica behind {@link ReplicaServer}, which says what it does. It listens, gives
 * each connection its own thread ({@link ReplicaConnection}), keeps one connection at a time the
 * active one, and holds what the active connection appends to: the replica's journal, the identity
 * of the primary whose records it holds, and the checksum and history digest after its last record.
 */
public final class Replica implements AutoCloseable {

    private static final int READ_BUFFER = 1 << 20;
    private static final int MAX_CONNECTIONS = 16;

    private final Journal journal;
    private final FrameAppender appender;
    private final ServerSocketChannel server;
    private final Thread acceptor;
    // read by the connections, as set here
    final IncidentLog incidents;
    /** The replica timeout ({@link JournalConfig#replicaTimeout()}). */
    final long timeoutNanos;
    final NanoClock clock;
    /** What this replica's acknowledgements mean. */
    final ReplicaDurability durability;
    /** The longest frame a record of this journal's segment size makes. */
    final int maxFrameLength;
    private final Path primaryIdFile;
    private final Set<ReplicaConnection> open = ConcurrentHashMap.newKeySet();
    private final Object takeover = new Object();
    private final AtomicReference<ReplicaConnection> active = new AtomicReference<>();
    // the history's state below is touched only by the active connection's thread
    private ByteBuffer in = ByteBuffer.allocate(READ_BUFFER).order(ByteOrder.LITTLE_ENDIAN);
    private ByteBuffer view = in.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    private volatile JournalId holder;
    private volatile int lastCrc;
    /** The history digest after the last record this replica holds. */
    private volatile long digest;
    private volatile boolean running = true;
    private volatile long connections;
    private volatile long rejectedFrames;
    private final AtomicLong refusedPrimaries = new AtomicLong();

    /**
     * Appends a checked frame to the replica's journal as it came (its CRC32C is not computed again):
     * what the journal offers its replica only, so the face passes it in.
     */
    @FunctionalInterface
    public interface FrameAppender {
        /** Appends the frame of {@code frameLength} bytes at {@code at} in {@code buf}. */
        void append(ByteBuffer buf, int at, int frameLength);
    }

    private Replica(InetSocketAddress listen, JournalConfig config, ReplicaDurability durability, Journal journal,
                    FrameAppender appender) {
        this.journal = journal;
        this.appender = appender;
        this.durability = durability;
        this.timeoutNanos = config.replicaTimeout().toNanos();
        this.clock = config.clock();
        this.incidents = new IncidentLog(config.errors(), "replica " + listen);
        this.maxFrameLength = FrameCodec.HEADER_LENGTH + SegmentLayout.maxPayload(config.segmentSizeBytes());
        this.primaryIdFile = config.directory().resolve(IdFile.PRIMARY_ID);
        ServerSocketChannel channel = null;
        try {
            this.holder = IdFile.read(primaryIdFile);
            this.lastCrc = lastFrameCrc(journal);
            this.digest = DigestAt.after(config.directory(), journal.writtenSequence()).orElseThrow(
                    () -> new IllegalStateException("replica journal " + config.directory() + " cannot read its own records "
                            + "1.." + journal.writtenSequence()));
            channel = ServerSocketChannel.open();
            channel.bind(listen);
            this.server = channel;
        } catch (IOException | RuntimeException e) {
            closeOnFailure(channel);
            journal.close();
            if (e instanceof IOException io) {
                throw new UncheckedIOException("cannot listen on " + listen.getHostString() + ":" + listen.getPort() + ": "
                        + io.getMessage(), io);
            }
            throw (RuntimeException) e;
        }
        this.acceptor = new Thread(this::acceptLoop, "tailguard-journal-replica");
        this.acceptor.setDaemon(true);
    }

    /**
     * Starts listening on {@code listen} (port 0 picks a free port) as the replica of {@code journal},
     * just opened with {@code config}, whose acknowledgements mean {@code durability} and which
     * appends through {@code appender}; closes the journal if the start fails.
     */
    public static Replica start(InetSocketAddress listen, JournalConfig config, ReplicaDurability durability,
                                Journal journal, FrameAppender appender) {
        Replica r = new Replica(listen, config, durability, journal, appender);
        r.acceptor.start();
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

    /** Returns the identity of the primary whose records this replica holds, or null before its first record. */
    public JournalId primaryIdentity() {
        return holder;
    }

    /** Returns what this replica's acknowledgements mean. */
    public ReplicaDurability durability() {
        return durability;
    }

    /** Returns what this replica counted of its connections so far. */
    public ReplicaStats stats() {
        return new ReplicaStats(connections, rejectedFrames, open.size(), refusedPrimaries.get());
    }

    private void acceptLoop() {
        while (running) {
            SocketChannel ch;
            try {
                ch = server.accept();
            } catch (IOException e) {
                if (running) {
                    incidents.report("accept", "replica cannot accept a connection: " + e.getMessage());
                    LockSupport.parkNanos(50_000_000L); // e.g. out of file descriptors: do not spin
                }
                continue;
            }
            if (open.size() >= MAX_CONNECTIONS) {
                incidents.report("too-many", "replica closed a connection at once: " + MAX_CONNECTIONS
                        + " connections are already open or in their handshake");
                closeQuietly(ch);
                continue;
            }
            try {
                ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                ReplicaConnection c = new ReplicaConnection(this, ch);
                open.add(c);
                c.start();
            } catch (IOException | RuntimeException e) {
                incidents.report("accept", "replica cannot serve a connection: " + e.getMessage());
                closeQuietly(ch);
            }
        }
    }

    // ---- called by connections ----

    boolean running() {
        return running;
    }

    /**
     * Returns why this replica refuses {@code primary}, which wrote up to {@code primaryWritten}, outright
     * (before it may replace the active connection), or null: it holds another journal's records, or
     * more records than that primary wrote (a copy of the primary restored from an older backup,
     * which must not take the replica from the live primary of the same identity).
     */
    String refusal(JournalId primary, long primaryWritten) {
        JournalId h = holder;
        long last = journal.writtenSequence();
        if (last > 0 && h != null && !h.equals(primary)) {
            return "replica refused primary " + primary + ": it holds records 1.." + last + " of journal " + h;
        }
        if (last > primaryWritten) {
            return "replica refused primary " + primary + ": it holds records up to sequence " + last
                    + " but that primary wrote only " + primaryWritten;
        }
        return null;
    }

    /** Makes {@code c} the one connection that appends, after the previous one has ended. */
    void becomeActive(ReplicaConnection c) {
        synchronized (takeover) {
            ReplicaConnection previous = active.get();
            if (previous != null) {
                previous.stopAndAwait();
            }
            active.set(c);
            connections++;
        }
    }

    void ended(ReplicaConnection c) {
        active.compareAndSet(c, null);
        open.remove(c);
    }

    long lastSequence() {
        return journal.writtenSequence();
    }

    int lastCrc() {
        return lastCrc;
    }

    JournalId holder() {
        return holder;
    }

    /** Records that this replica's records are {@code primary}'s, before the first one is appended. */
    void adopt(JournalId primary) {
        if (!primary.equals(holder)) {
            IdFile.write(primaryIdFile, primary);
            holder = primary;
        }
    }

    /**
     * Appends the checked frame of {@code frameLength} bytes at {@code at} in {@code buf} as it came
     * (its CRC32C is not computed again) and remembers its CRC.
     */
    void append(ByteBuffer buf, int at, int frameLength) {
        appender.append(buf, at, frameLength);
        int crc = FrameCodec.storedCrc(buf, at); // the wire carries the record checksum unmasked
        lastCrc = crc;
        digest = HistoryDigest.fold(digest, crc);
    }

    /** Returns the history digest after the last record this replica holds. */
    long digest() {
        return digest;
    }

    void refused(String message) {
        incidents.report("identity", message);
        refusedPrimaries.incrementAndGet();
    }

    void rejectedFrame() {
        rejectedFrames++;
    }

    /** Returns the read buffer, grown (content kept) to hold at least {@code frameLength} bytes. */
    ByteBuffer buffer(int frameLength) {
        if (frameLength > in.capacity()) {
            ByteBuffer bigger = ByteBuffer.allocate(frameLength).order(ByteOrder.LITTLE_ENDIAN);
            in.flip();
            bigger.put(in);
            in = bigger;
            view = in.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        }
        return in;
    }

    /** Returns a second view of the read buffer, for checksums. */
    ByteBuffer view() {
        return view;
    }

    private static int lastFrameCrc(Journal journal) {
        long last = journal.writtenSequence();
        if (last == 0) {
            return 0;
        }
        try (RecordReader t = RecordReader.open(journal.config().directory(), last, Segment::close)) {
            return (int) t.pollFrameCrc(); // the journal just opened: its last record is intact
        }
    }

    /** Closes the listening socket of a start that failed; the start throws its own error, which is the one that matters. */
    private static void closeOnFailure(ServerSocketChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // the start already failed with the reason that matters
            }
        }
    }

    void closeQuietly(SocketChannel ch) {
        try {
            ch.close();
        } catch (IOException e) {
            incidents.report("close", "closing a connection failed: " + e.getMessage());
        }
    }

    /** Stops listening, closes every connection and the journal. */
    @Override
    public void close() {
        running = false;
        try {
            server.close();
        } catch (IOException e) {
            incidents.report("close", "closing the replica's listening socket failed: " + e.getMessage());
        }
        Threads.awaitEnd(acceptor, 5_000);
        for (ReplicaConnection c : open) { // the acceptor has ended: no connection is added any more
            c.stopAndAwait();
        }
        incidents.resolved("the replica stopped"); // a problem that lasted until now still gets its count
        journal.close();
    }
}
