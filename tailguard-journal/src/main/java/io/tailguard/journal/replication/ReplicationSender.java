package io.tailguard.journal.replication;

import io.tailguard.journal.JournalConfig;
import io.tailguard.journal.JournalId;
import io.tailguard.journal.RecordHandler;
import io.tailguard.journal.ReplicaDownAction;
import io.tailguard.journal.ReplicaDurability;
import io.tailguard.journal.scan.RecordReader;
import io.tailguard.journal.segment.FrameCodec;
import io.tailguard.journal.segment.HistoryDigest;
import io.tailguard.journal.segment.Segment;
import io.tailguard.journal.worker.IdleStrategy;
import io.tailguard.journal.worker.IncidentLog;
import io.tailguard.journal.worker.Threads;
import io.tailguard.time.NanoClock;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Thread-safe: the primary's side of replication. A thread connects to the replica, sends its
 * PRIMARY HELLO, checks the replica's HELLO ({@link Handshake}: same protocol version, records of
 * this journal only, none this journal never wrote, the same history digest after its last record
 * as this journal's), then
 * streams every record from the replica's last sequence + 1 (catch-up, then live); an
 * {@link AckReader} thread reads acknowledgements and gives up on a replica that stops answering.
 * On any error or refusal it reports the reason once ({@link IncidentLog}: repeats are counted),
 * reports the disconnect and reconnects after a pause (50 ms, or up to 1 s after refusals).
 *
 * <p>A record larger than the send buffer is written straight from the journal's mapped segment,
 * so every record the journal accepts replicates. Frames go out with their record checksum
 * (the segment's mask taken off), the one every journal holding the record agrees on.
 *
 * <p>It keeps the history digest after each record sent and outstanding, so that the
 * {@link AckReader} checks each acknowledgement's digest; at most {@link AckReader#WINDOW}
 * records are outstanding (the sender waits for acknowledgements beyond that).
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
    private static final long MAX_REFUSED_PAUSE_NANOS = 1_000_000_000L;
    private static final long IDLE_PARK_NANOS = 1_000_000L;
    private static final int SPINS = 200;
    private static final long WINDOW_PARK_NANOS = 50_000L;

    private final InetSocketAddress replica;
    private final JournalId self;
    private final long lingerNanos;
    private final long timeoutNanos;
    private final ReplicaDownAction downAction;
    private final NanoClock clock;
    private final Path directory;
    private final ReplicaLink listener;
    /** Takes the segments the stream's tailer leaves, so that unmapping them does not delay the stream. */
    private final Consumer<Segment> retire;
    private final IncidentLog incidents;
    private final Thread thread;
    private final ByteBuffer out = ByteBuffer.allocateDirect(SEND_BUFFER).order(ByteOrder.LITTLE_ENDIAN);
    private final RecordHandler copy = this::copy;
    /** The stream's tailer and acknowledgement reader, while a stream runs (this sender's thread only). */
    private RecordReader streaming;
    private AckReader streamingAcks;
    /** The history digest after the last record sent (this sender's thread only). */
    private long sentDigest;
    private volatile boolean running = true;
    private final IdleStrategy idler;
    /** The next record the stream will send; read by the idle check, which runs on this sender's thread. */
    private long nextToSend;
    private volatile SocketChannel channel;
    private volatile ReplicaDurability durability = ReplicaDurability.UNKNOWN;
    private volatile long sends;
    private volatile long lingers;
    /** The look-aheads of the readers of ended streams (this sender's thread only). */
    private long endedLookAheads;
    private volatile long lookAheads;

    /**
     * Creates the sender for the journal {@code self} configured by {@code config} (its replica
     * address, directory, linger, replica timeout, replica-down action, clock and error handler);
     * {@link #start()} starts its thread.
     */
    public ReplicationSender(JournalConfig config, JournalId self, ReplicaLink listener, Consumer<Segment> retire) {
        this.replica = config.replica();
        this.self = self;
        this.lingerNanos = config.replicationLinger().toNanos();
        this.timeoutNanos = config.replicaTimeout().toNanos();
        this.downAction = config.replicaDown();
        this.clock = config.clock();
        this.directory = config.directory();
        this.listener = listener;
        this.retire = retire;
        this.incidents = new IncidentLog(config.errors(), "replication to " + replica);
        this.thread = new Thread(this::runLoop, "tailguard-journal-replication");
        this.thread.setDaemon(true);
        // with a linger it does not spin: the linger already batches, and spinning would use the CPU it saves
        this.idler = new IdleStrategy(thread, lingerNanos == 0 ? SPINS : 0, IDLE_PARK_NANOS,
                () -> listener.writtenSequence() < nextToSend && running);
    }

    /** Starts connecting. */
    public void start() {
        thread.start();
    }

    /** Tells the sender new records were written (cheap when it is busy). */
    public void wake() {
        idler.wake();
    }

    /** Returns what the replica's acknowledgements mean, as it last reported ({@code UNKNOWN} before any replica answered). */
    public ReplicaDurability replicaDurability() {
        return durability;
    }

    /** Returns why the replica is not connected (down, refused, timed out) while that lasts, else null. */
    public String problem() {
        return incidents.latest();
    }

    private void runLoop() {
        int refusals = 0;
        while (running) {
            boolean connected = false;
            AckReader acks = null;
            try (SocketChannel ch = SocketChannel.open()) {
                ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
                channel = ch;
                ch.socket().connect(replica, timeoutMillis());
                Handshake.ReplicaHello hello = handshake(ch);
                try (RecordReader tailer = RecordReader.open(directory, Math.max(1, hello.last()), retire)) {
                    long[] digest = {HistoryDigest.EMPTY};
                    Handshake.Refusal refusal = refusal(hello, tailer, digest);
                    if (refusal != null) {
                        refusals++;
                        incidents.report(refusal.kind(), refusal.message());
                        continue; // closes the connection; the finally below pauses
                    }
                    refusals = 0;
                    durability = hello.durability();
                    incidents.resolved("connected");
                    connected = true;
                    listener.onConnected(hello.last());
                    acks = new AckReader(ch, hello.last(), digest[0], this, clock, timeoutNanos);
                    acks.start();
                    sentDigest = digest[0];
                    streaming = tailer;
                    streamingAcks = acks;
                    try {
                        stream(ch, tailer, acks);
                    } finally {
                        streaming = null;
                        streamingAcks = null;
                        endedLookAheads += tailer.lookAheads();
                        lookAheads = endedLookAheads;
                    }
                }
            } catch (IOException | RuntimeException e) {
                if (running && (acks == null || !acks.reported())) {
                    incidents.report(kindOf(e), "replication to " + replica + " failed: " + describe(e)
                            + "; retrying every " + RECONNECT_PAUSE_NANOS / 1_000_000 + " ms");
                }
            } finally {
                channel = null;
                Threads.awaitEnd(acks, 1_000);
                if (connected || running) {
                    listener.onDisconnected(); // also an attempt that failed or was refused: the replica is down
                }
                if (running) {
                    LockSupport.parkNanos(refusals == 0 ? RECONNECT_PAUSE_NANOS
                            : Math.min(MAX_REFUSED_PAUSE_NANOS, RECONNECT_PAUSE_NANOS << Math.min(refusals - 1, 5)));
                }
            }
        }
    }

    /** Sends PRIMARY HELLO and reads the whole REPLICA HELLO within the replica timeout of the send. */
    private Handshake.ReplicaHello handshake(SocketChannel ch) throws IOException {
        ByteBuffer mine = ByteBuffer.allocate(ReplicationCodec.PRIMARY_HELLO_LENGTH);
        new ReplicationCodec().wrap(mine, 0).putPrimaryHello(self, listener.writtenSequence());
        while (mine.hasRemaining()) {
            ch.write(mine);
        }
        long deadlineNanos = clock.nanoTime() + timeoutNanos;
        byte[] bytes = new byte[ReplicationCodec.HELLO_LENGTH];
        readFully(ch, bytes, 0, ReplicationCodec.PREAMBLE_LENGTH, deadlineNanos);
        ReplicationCodec hello = new ReplicationCodec().wrap(ByteBuffer.wrap(bytes), 0);
        String bad = hello.preambleProblem(ReplicationCodec.HELLO_MAGIC, "replica");
        if (bad != null) {
            throw ConnectionProblem.handshake("version", "refused: " + bad);
        }
        readFully(ch, bytes, ReplicationCodec.PREAMBLE_LENGTH,
                ReplicationCodec.HELLO_LENGTH - ReplicationCodec.PREAMBLE_LENGTH, deadlineNanos);
        return Handshake.ReplicaHello.of(hello);
    }

    /** Checks the replica's HELLO; puts this journal's digest after the replica's last record in {@code digest[0]}. */
    private Handshake.Refusal refusal(Handshake.ReplicaHello hello, RecordReader tailer, long[] digest) {
        String name = replica.toString();
        Handshake.Refusal r = Handshake.checkHistory(name, self, listener.writtenSequence(), hello);
        if (r != null || hello.last() == 0) {
            return r;
        }
        long primaryCrc = tailer.pollFrameCrc();
        java.util.OptionalLong mine = DigestAt.after(directory, hello.last());
        if (primaryCrc == RecordReader.NO_FRAME || mine.isEmpty()) {
            return new Handshake.Refusal("missing", "replica " + name + " refused: this journal cannot read its own "
                    + "records up to " + hello.last() + " to compare them with the replica's");
        }
        digest[0] = mine.getAsLong();
        return Handshake.checkPrefix(name, hello, digest[0], (int) primaryCrc);
    }

    private void stream(SocketChannel ch, RecordReader tailer, AckReader acks) throws IOException {
        idler.reset();
        while (running && acks.isAlive()) {
            out.clear();
            boolean tookAll = false;
            boolean windowFull = false;
            while (out.remaining() >= SEND_BUFFER / 2) {
                if (tailer.nextSequence() - acks.acknowledged() >= AckReader.WINDOW) {
                    windowFull = true;
                    break;
                }
                if (!tailer.pollFrame(copy)) {
                    tookAll = true;
                    break;
                }
                acks.sent(tailer.nextSequence() - 1);
            }
            long looked = endedLookAheads + tailer.lookAheads();
            if (looked != lookAheads) {
                lookAheads = looked; // only this thread writes it
            }
            if (out.position() > 0) {
                flush(ch);
                idler.reset();
                if (tookAll && lingerNanos > 0) {
                    lingers++; // only this thread writes it
                    LockSupport.parkNanos(this, lingerNanos); // appends do not wake a linger
                }
            } else if (windowFull) {
                LockSupport.parkNanos(this, WINDOW_PARK_NANOS); // until acknowledgements make room
            } else {
                nextToSend = tailer.nextSequence();
                idler.idle();
            }
        }
    }

    private void flush(SocketChannel ch) throws IOException {
        out.flip();
        while (out.hasRemaining()) {
            ch.write(out);
        }
        out.clear();
        sends++; // only this thread writes it
    }

    /**
     * Copies a checked frame verbatim (the wire format is the journal's frame without padding); a
     * frame larger than what is left of the buffer goes out after the buffer, one larger than the
     * whole buffer straight from the mapped segment.
     */
    private void copy(long sequence, ByteBuffer frame) {
        int at = frame.position();
        int recordCrc = FrameCodec.recordCrc(frame, at, streaming.frameMask());
        sentDigest = HistoryDigest.fold(sentDigest, recordCrc);
        streamingAcks.sentDigest(sequence, sentDigest);
        if (frame.remaining() <= out.remaining()) {
            int start = out.position();
            out.put(frame);
            FrameCodec.putRecordCrc(out, start, recordCrc, 0);
            return;
        }
        SocketChannel ch = channel;
        try {
            if (out.position() > 0) {
                flush(ch);
            }
            if (frame.remaining() <= out.remaining()) {
                out.put(frame);
                FrameCodec.putRecordCrc(out, 0, recordCrc, 0);
                return;
            }
            // the header from the send buffer, with the record checksum; the rest straight from the segment
            frame.limit(at + FrameCodec.HEADER_LENGTH);
            out.put(frame);
            FrameCodec.putRecordCrc(out, 0, recordCrc, 0);
            out.flip();
            while (out.hasRemaining()) {
                ch.write(out);
            }
            out.clear();
            frame.limit(at + FrameCodec.length(frame, at)).position(at + FrameCodec.HEADER_LENGTH);
            while (frame.hasRemaining()) {
                ch.write(frame);
            }
            sends++; // only this thread writes it
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("sending record " + sequence + " failed: " + e.getMessage(), e);
        }
    }

    /** Returns how many batches of records were written to replicas since the sender started (all connections). */
    public long sends() {
        return sends;
    }

    /** Returns how many times the sender lingered after a send since it started (0 while the linger is 0). */
    public long lingers() {
        return lingers;
    }

    /**
     * Returns how many times the stream's reader read the rest of a segment for proof of damage
     * since the sender started (all connections): 0 while it follows its writer in this JVM.
     */
    public long lookAheads() {
        return lookAheads;
    }

    boolean running() {
        return running;
    }

    void acknowledged(long sequence) {
        listener.onAcknowledged(sequence);
    }

    void durability(ReplicaDurability d) {
        durability = d;
    }

    void timedOut(long acked, long sent) {
        incidents.report("timeout", "replica " + replica + " acknowledged nothing for "
                + timeoutNanos / 1_000_000 + " ms (replicaTimeout) with records " + (acked + 1) + ".." + sent
                + " outstanding; closing the connection and reconnecting ("
                + (downAction == ReplicaDownAction.FAIL ? "FAIL: commits waiting for it fail"
                        : "WAIT: commits keep waiting for it") + ")");
    }

    void diverged(long sequence, long replicaDigest, long primaryDigest) {
        incidents.report("diverged", "replica " + replica + " acknowledged record " + sequence + " with history digest "
                + Long.toHexString(replicaDigest) + " but this journal's records 1.." + sequence + " fold to "
                + Long.toHexString(primaryDigest) + ": it holds records that are not this journal's; the acknowledgement"
                + " does not count and the connection is closed");
    }

    void ackFailed(String reason) {
        incidents.report("acks-ended", "replication to " + replica + " ended: " + reason + "; reconnecting");
    }

    private int timeoutMillis() {
        return ConnectionProblem.soTimeoutMillis(timeoutNanos);
    }

    private void readFully(SocketChannel ch, byte[] b, int off, int len, long deadlineNanos) throws IOException {
        ConnectionProblem.readHandshake(ch.socket(), b, off, len, clock, deadlineNanos, arrived -> ConnectionProblem.handshake("handshake-timeout",
                "the replica did not answer the handshake within " + timeoutMillis()
                        + " ms (replicaTimeout); is it stopped or overloaded?"));
    }

    private static String kindOf(Throwable e) {
        return e instanceof ConnectionProblem p ? p.kind : e.getClass().getName() + ": " + e.getMessage();
    }

    private static String describe(Throwable e) {
        if (e instanceof ConnectionProblem) {
            return e.getMessage();
        }
        String message = e.getMessage();
        return message == null ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + ": " + message;
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
                incidents.report("close", "closing the replication connection failed: " + e.getMessage());
            }
        }
        LockSupport.unpark(thread);
        Threads.awaitEnd(thread, 5_000);
        incidents.resolved("the journal closed"); // a problem that lasted until now still gets its count
    }
}
