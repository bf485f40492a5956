package io.tailguard.journal;

import io.tailguard.journal.durability.Durability;
import io.tailguard.journal.durability.DurabilityPolicy;
import io.tailguard.journal.replication.ReplicationListener;
import io.tailguard.journal.replication.ReplicationSender;
import io.tailguard.journal.segment.Recovered;
import io.tailguard.journal.segment.ScanReport;
import io.tailguard.journal.segment.Segment;
import io.tailguard.journal.segment.SegmentLayout;
import io.tailguard.journal.segment.SegmentScanner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Thread-safe: an append-only journal of CRC32C-framed records in rolling segment files, with a
 * selectable durability policy and optional acknowledged replication.
 *
 * <p>Four watermarks, each a record sequence: <em>written</em> (in the page cache, visible to
 * tailers), <em>forced</em> (covered by a completed force), <em>acked</em> (held by the replica)
 * and <em>committed</em> (per the {@link CommitMode}). One background thread forces: each force
 * covers every record written before it started (group commit). Another prepares the next
 * segment file (zero-filled and forced) before it is needed.
 *
 * <p>A record the durability policy made wait for a force commits at the forced watermark, any
 * other record at the plain one, so with {@code selective} ordinary records do not wait for a
 * large record's force; {@link #committedSequence()} is the contiguous prefix of both.
 *
 * <pre>{@code
 * try (Journal j = Journal.open(JournalConfig.of(dir).withDurability(Durability.sync()))) {
 *     long seq = j.appendBlocking(bytes);      // returns once committed
 *     j.append(buffer).thenAccept(s -> ...);   // completes at commit
 * }
 * }</pre>
 *
 * <p>Allocation: {@link #appendNoWait} and {@link #appendBlocking} allocate nothing per record;
 * {@link #append} allocates its future. Commit progress is also reported to a {@link CommitListener}.
 */
public final class Journal implements AutoCloseable {

    private final JournalConfig config;
    private final Path directory;
    private final DurabilityPolicy policy;
    private final CommitMode mode;
    private final ScanReport recovery;
    private final CommitListener listener;
    private final FileChannel lockFile;
    private final FileLock lock;

    private final ReentrantLock appendLock = new ReentrantLock();
    private Segment current;
    private int position;
    private long nextSequence;
    private List<Segment> rolled = new ArrayList<>();

    private volatile long written;
    private volatile long mustForceUpTo;
    private volatile long forced;
    private volatile long acked;
    private volatile long forceDueAtNanos = DurabilityPolicy.NEVER;
    private volatile boolean replicaConnected;
    private volatile boolean closed;

    private ByteBuffer wrapped;

    private final CommitTracker commits;

    private final SegmentPreparer preparer;
    private final ForceThread syncThread;
    private final ReplicationSender sender;

    private Journal(JournalConfig config, CommitListener listener) {
        this.config = config;
        this.directory = config.directory();
        this.listener = listener;
        this.mode = config.commitMode();
        this.policy = config.durability().newPolicy();
        try {
            Files.createDirectories(directory);
            lockFile = FileChannel.open(directory.resolve("journal.lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            lock = tryLock(lockFile);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open journal " + directory, e);
        }
        if (lock == null) {
            closeQuietly();
            throw new IllegalStateException("journal " + directory + " is already open for appending");
        }
        Recovered r;
        try {
            r = SegmentScanner.recover(directory, config.segmentSizeBytes());
        } catch (RuntimeException e) {
            closeQuietly();
            throw e;
        }
        this.recovery = r.report();
        this.current = r.tail();
        this.position = r.position();
        this.nextSequence = r.nextSequence();
        long last = nextSequence - 1;
        // what recovery kept may still be only in the page cache (a process crash keeps it there);
        // force the tail once so that `forced` is true from the start
        current.force(0, position);
        this.written = last;
        this.forced = last;
        this.commits = new CommitTracker(mode, listener, config.errors(), this::stopReason, last);
        this.acked = 0;
        boolean needsSync = mode.forcesContinuously() || config.durability() != Durability.none();
        this.syncThread = needsSync ? new ForceThread(this, directory, current, position) : null;
        this.sender = mode.replicated()
                ? new ReplicationSender(config.replica(), directory, new Replication(), config.errors())
                : null;
        this.preparer = new SegmentPreparer(directory, config.segmentSizeBytes(), needsSync, config.errors());
        preparer.start();
        if (syncThread != null) {
            syncThread.start();
        }
        if (sender != null) {
            sender.start();
        }
    }

    private static FileLock tryLock(FileChannel ch) throws IOException {
        try {
            return ch.tryLock();
        } catch (java.nio.channels.OverlappingFileLockException e) {
            return null;
        }
    }

    /** Opens (recovering the tail) or creates the journal; commits are not reported to a listener. */
    public static Journal open(JournalConfig config) {
        return new Journal(config, seq -> { });
    }

    /** Opens the journal and reports every commit advance to {@code listener}. */
    public static Journal open(JournalConfig config, CommitListener listener) {
        return new Journal(config, listener);
    }

    /** Returns what opening found and cut (a torn tail is cut and reported here). */
    public ScanReport recovery() {
        return recovery;
    }

    /** Returns the configuration. */
    public JournalConfig config() {
        return config;
    }

    /** Returns the highest written (visible) sequence, 0 when empty. */
    public long writtenSequence() {
        return written;
    }

    /** Returns the highest sequence covered by a completed force. */
    public long forcedSequence() {
        return forced;
    }

    /** Returns the highest sequence the replica acknowledged. */
    public long ackedSequence() {
        return acked;
    }

    /** Returns the highest committed sequence. */
    public long committedSequence() {
        return commits.committed();
    }

    /** Returns true while a replica is connected. */
    public boolean replicaConnected() {
        return replicaConnected;
    }

    /** Opens a tailer over this journal's directory starting at {@code fromSequence}. */
    public Tailer tailer(long fromSequence) {
        return Tailer.open(directory, fromSequence);
    }

    /**
     * Appends {@code payload}'s remaining bytes (its position is unchanged) and returns its
     * sequence at once; commit is reported through the listener and {@link #committedSequence()}.
     * Allocates nothing.
     *
     * @throws ReplicaUnavailableException when the mode needs an acknowledgement, the replica is
     *     down and {@link ReplicaDownAction#FAIL} is configured (nothing is written)
     */
    public long appendNoWait(ByteBuffer payload) {
        return appendTagged(payload) >>> 1;
    }

    /** Appends {@code payload[offset, offset+length)}; see {@link #appendNoWait(ByteBuffer)}. */
    public long appendNoWait(byte[] payload, int offset, int length) {
        return appendTagged(payload, offset, length) >>> 1;
    }

    /**
     * Like {@link #appendNoWait(ByteBuffer)} but also says which commit watermark the record
     * follows: returns {@code sequence * 2 + 1} when the durability policy made it wait for a force
     * (it commits at the {@code forcedSequence} of {@link CommitListener#onProgress}), and
     * {@code sequence * 2} when it commits at the {@code plainSequence}. For drivers that track
     * every record's commit without allocating (the benchmark). Allocates nothing.
     */
    public long appendTagged(ByteBuffer payload) {
        checkReplica();
        long seq;
        boolean mustForce;
        boolean forceNow;
        appendLock.lock();
        try {
            checkOpen();
            int length = payload.remaining();
            seq = reserve(length);
            mustForce = policy.onAppend(payload, config.clock().nanoTime());
            position = current.append(position, seq, payload);
            forceNow = published(seq, mustForce);
        } finally {
            appendLock.unlock();
        }
        afterAppend(forceNow);
        return seq << 1 | (mustForce ? 1 : 0);
    }

    private long appendTagged(byte[] payload, int offset, int length) {
        checkReplica();
        long seq;
        boolean mustForce;
        boolean forceNow;
        appendLock.lock();
        try {
            checkOpen();
            seq = reserve(length);
            if (wrapped == null || wrapped.array() != payload) {
                wrapped = ByteBuffer.wrap(payload);
            }
            wrapped.clear().position(offset).limit(offset + length);
            mustForce = policy.onAppend(wrapped, config.clock().nanoTime());
            position = current.append(position, seq, payload, offset, length);
            forceNow = published(seq, mustForce);
        } finally {
            appendLock.unlock();
        }
        afterAppend(forceNow);
        return seq << 1 | (mustForce ? 1 : 0);
    }

    /** Appends and blocks until the record commits; returns its sequence. Allocates nothing. */
    public long appendBlocking(ByteBuffer payload) {
        long tagged = appendTagged(payload);
        commits.await(tagged >>> 1, (tagged & 1) != 0);
        return tagged >>> 1;
    }

    /** Appends {@code payload} and blocks until the record commits; returns its sequence. */
    public long appendBlocking(byte[] payload) {
        long tagged = appendTagged(payload, 0, payload.length);
        commits.await(tagged >>> 1, (tagged & 1) != 0);
        return tagged >>> 1;
    }

    /** Appends and returns a future completing with the sequence at commit (or exceptionally). */
    public CompletableFuture<Long> append(ByteBuffer payload) {
        try {
            return track(appendTagged(payload));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Appends {@code payload}; see {@link #append(ByteBuffer)}. */
    public CompletableFuture<Long> append(byte[] payload) {
        try {
            return track(appendTagged(payload, 0, payload.length));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * Blocks until {@code sequence} and every record before it are committed.
     *
     * @throws ReplicaUnavailableException when it waits for an acknowledgement, the replica is
     *     down and {@link ReplicaDownAction#FAIL} is configured
     * @throws IllegalStateException when the journal is closed first
     */
    public void awaitCommitted(long sequence) {
        commits.await(sequence, true);
    }

    /** Why a waiter for {@code sequence} must give up now, or null. */
    private RuntimeException stopReason(long sequence) {
        if (failingForReplica()) {
            return new ReplicaUnavailableException("replica " + config.replica() + " is down; record " + sequence
                    + " is written but not acknowledged");
        }
        if (closed) {
            return new IllegalStateException("journal closed before record " + sequence + " committed");
        }
        return null;
    }

    private long reserve(int length) {
        if (length > SegmentLayout.maxPayload(config.segmentSizeBytes())) {
            throw new IllegalArgumentException("payload length must be <= "
                    + SegmentLayout.maxPayload(config.segmentSizeBytes()) + " but was " + length);
        }
        long seq = nextSequence;
        if (!current.fits(position, length)) {
            Segment.Blank blank = preparer.take();
            Segment next = blank != null ? Segment.activate(blank, directory, seq)
                    : Segment.create(directory, seq, config.segmentSizeBytes());
            current.appendRollMarker(position);
            rolled.add(current);
            current = next;
            position = SegmentLayout.HEADER_LENGTH;
        }
        return seq;
    }

    private boolean published(long seq, boolean mustForce) {
        nextSequence = seq + 1;
        if (mustForce) {
            mustForceUpTo = seq;
        }
        written = seq;
        long due = policy.forceDueAtNanos();
        forceDueAtNanos = due;
        return due == 0 || mode.forcesContinuously();
    }

    private void afterAppend(boolean forceNow) {
        if (forceNow && syncThread != null) {
            syncThread.wake();
        }
        if (sender != null) {
            sender.wake();
        }
        advanceCommit();
    }

    private CompletableFuture<Long> track(long tagged) {
        return commits.track(tagged >>> 1, (tagged & 1) != 0);
    }

    private void checkReplica() {
        if (failingForReplica()) {
            throw new ReplicaUnavailableException("replica " + config.replica() + " is down and commit mode "
                    + mode.label() + " needs its acknowledgement");
        }
    }

    private boolean failingForReplica() {
        return (mode == CommitMode.ACK || mode == CommitMode.ACK_AND_SYNC)
                && config.replicaDown() == ReplicaDownAction.FAIL && !replicaConnected;
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("journal " + directory + " is closed");
        }
    }

    /** Recomputes the commit watermarks from the journal's and tells whoever waits. */
    void advanceCommit() {
        commits.advance(written, mustForceUpTo, forced, acked);
    }

    private void failPending() {
        commits.failAll(seq -> new ReplicaUnavailableException("replica " + config.replica()
                + " disconnected before acknowledging record " + seq));
    }

    /** Forces everything written so far (whatever the policy) and waits for it. */
    public void force() {
        if (syncThread != null) {
            syncThread.forceNow();
        } else {
            appendLock.lock();
            try {
                for (Segment s : rolled) {
                    s.force(0, s.sizeBytes());
                }
                rolled.clear();
                current.force(0, position);
                forced = written;
            } finally {
                appendLock.unlock();
            }
            advanceCommit();
        }
    }

    /** Stops the background threads, forces what policy or mode would force, and releases the lock. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        if (syncThread != null) {
            syncThread.forceNow();
        }
        closed = true;
        if (sender != null) {
            sender.close();
        }
        if (syncThread != null) {
            syncThread.shutdown();
        }
        preparer.shutdown();
        commits.failAll(seq -> new IllegalStateException("journal closed before record " + seq + " committed"));
        closeQuietly();
    }

    private void closeQuietly() {
        try {
            if (lock != null) {
                lock.release();
            }
            lockFile.close();
        } catch (IOException e) {
            config.errors().onError("cannot release journal lock", e);
        }
    }

    /** One force's view of the journal, filled under the append lock and reused by the force thread. */
    static final class ForceSnapshot {
        Segment segment;
        int position;
        long sequence;
        List<Segment> rolled = new ArrayList<>();
    }

    /**
     * Starts a force: under the append lock, records where the writer is, swaps out the segments
     * rolled since the last force (the two lists trade places, nothing is copied) and tells the
     * policy. Called only by the force thread.
     */
    void beginForce(ForceSnapshot snapshot) {
        appendLock.lock();
        try {
            snapshot.segment = current;
            snapshot.position = position;
            snapshot.sequence = written;
            List<Segment> done = rolled;
            rolled = snapshot.rolled;
            snapshot.rolled = done;
            policy.onForce(config.clock().nanoTime());
            forceDueAtNanos = policy.forceDueAtNanos();
        } finally {
            appendLock.unlock();
        }
    }

    /** A force covering every record up to {@code sequence} completed. */
    void forceCompleted(long sequence) {
        forced = sequence;
        advanceCommit();
    }

    /** Returns true when unforced records exist and the policy or the mode wants them forced by {@code nowNanos}. */
    boolean forceWanted(long nowNanos) {
        return written > forced && (forceDueAtNanos <= nowNanos || mode.forcesContinuously());
    }

    /** Returns when the policy next wants a force, or {@link DurabilityPolicy#NEVER}. */
    long forceDueAtNanos() {
        return forceDueAtNanos;
    }

    /** Receives the replication sender's events. */
    private final class Replication implements ReplicationListener {
        @Override
        public void onConnected(long replicaLastSequence) {
            replicaConnected = true;
            onAcknowledged(replicaLastSequence);
        }

        @Override
        public void onAcknowledged(long sequence) {
            if (sequence > acked) {
                acked = sequence;
                advanceCommit();
            }
        }

        @Override
        public void onDisconnected() {
            replicaConnected = false;
            if (failingForReplica()) {
                failPending();
            }
        }

        @Override
        public long writtenSequence() {
            return written;
        }
    }
}
