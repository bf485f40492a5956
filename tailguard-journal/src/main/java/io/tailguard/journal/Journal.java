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
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Thread-safe: an append-only journal of CRC32C-framed records in rolling segment files, with a
 * selectable durability policy and optional acknowledged replication.
 *
 * <p>Four watermarks, each a record sequence: <em>written</em> (in the page cache, visible to
 * tailers), <em>forced</em> (covered by a completed force), <em>acked</em> (held by the replica)
 * and <em>committed</em> (per the {@link CommitMode}). One background thread forces: each force
 * covers every record written before it started (group commit).
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
    private volatile long committed;
    private volatile long forceDueAtNanos = DurabilityPolicy.NEVER;
    private volatile boolean replicaConnected;
    private volatile boolean closed;

    private static final long MAX_IDLE_NANOS = 1_000_000L;

    private ByteBuffer wrapped;

    private final Object commitLock = new Object();
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    private int waiters;

    private final SyncThread syncThread;
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
        Recovered r = SegmentScanner.recover(directory, config.segmentSizeBytes());
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
        this.committed = last;
        this.acked = 0;
        boolean needsSync = mode.forcesContinuously() || config.durability() != Durability.none();
        this.syncThread = needsSync ? new SyncThread(current, position) : null;
        this.sender = mode.replicated()
                ? new ReplicationSender(config.replica(), directory, new Replication(), config.errors())
                : null;
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
        return committed;
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
        checkReplica();
        long seq;
        boolean forceNow;
        appendLock.lock();
        try {
            checkOpen();
            int length = payload.remaining();
            seq = reserve(length);
            boolean mustForce = policy.onAppend(payload, config.clock().nanoTime());
            position = current.append(position, seq, payload);
            forceNow = published(seq, mustForce);
        } finally {
            appendLock.unlock();
        }
        afterAppend(forceNow);
        return seq;
    }

    /** Appends {@code payload[offset, offset+length)}; see {@link #appendNoWait(ByteBuffer)}. */
    public long appendNoWait(byte[] payload, int offset, int length) {
        checkReplica();
        long seq;
        boolean forceNow;
        appendLock.lock();
        try {
            checkOpen();
            seq = reserve(length);
            if (wrapped == null || wrapped.array() != payload) {
                wrapped = ByteBuffer.wrap(payload);
            }
            wrapped.clear().position(offset).limit(offset + length);
            boolean mustForce = policy.onAppend(wrapped, config.clock().nanoTime());
            position = current.append(position, seq, payload, offset, length);
            forceNow = published(seq, mustForce);
        } finally {
            appendLock.unlock();
        }
        afterAppend(forceNow);
        return seq;
    }

    /** Appends and blocks until the record commits; returns its sequence. Allocates nothing. */
    public long appendBlocking(ByteBuffer payload) {
        long seq = appendNoWait(payload);
        awaitCommitted(seq);
        return seq;
    }

    /** Appends {@code payload} and blocks until the record commits; returns its sequence. */
    public long appendBlocking(byte[] payload) {
        long seq = appendNoWait(payload, 0, payload.length);
        awaitCommitted(seq);
        return seq;
    }

    /** Appends and returns a future completing with the sequence at commit (or exceptionally). */
    public CompletableFuture<Long> append(ByteBuffer payload) {
        try {
            return track(appendNoWait(payload));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** Appends {@code payload}; see {@link #append(ByteBuffer)}. */
    public CompletableFuture<Long> append(byte[] payload) {
        try {
            return track(appendNoWait(payload, 0, payload.length));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * Blocks until {@code sequence} is committed.
     *
     * @throws ReplicaUnavailableException when it waits for an acknowledgement, the replica is
     *     down and {@link ReplicaDownAction#FAIL} is configured
     * @throws IllegalStateException when the journal is closed first
     */
    public void awaitCommitted(long sequence) {
        if (committed >= sequence) {
            return;
        }
        synchronized (commitLock) {
            waiters++;
            try {
                while (committed < sequence) {
                    if (failingForReplica()) {
                        throw new ReplicaUnavailableException("replica " + config.replica()
                                + " is down; record " + sequence + " is written but not acknowledged");
                    }
                    if (closed) {
                        throw new IllegalStateException("journal closed before record " + sequence + " committed");
                    }
                    commitLock.wait();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted waiting for record " + sequence, e);
            } finally {
                waiters--;
            }
        }
    }

    private long reserve(int length) {
        if (length > SegmentLayout.maxPayload(config.segmentSizeBytes())) {
            throw new IllegalArgumentException("payload length must be <= "
                    + SegmentLayout.maxPayload(config.segmentSizeBytes()) + " but was " + length);
        }
        long seq = nextSequence;
        if (!current.fits(position, length)) {
            Segment next = Segment.create(directory, seq, config.segmentSizeBytes());
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

    private CompletableFuture<Long> track(long seq) {
        CompletableFuture<Long> f = new CompletableFuture<>();
        synchronized (commitLock) {
            if (committed >= seq) {
                f.complete(seq);
            } else if (failingForReplica()) {
                f.completeExceptionally(new ReplicaUnavailableException("replica " + config.replica() + " is down"));
            } else {
                pending.add(new Pending(seq, f));
            }
        }
        return f;
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

    /** Recomputes the committed watermark and tells the listener, futures and waiters. */
    void advanceCommit() {
        long c = mode.committed(written, mustForceUpTo, forced, acked);
        if (c <= committed) {
            return;
        }
        synchronized (commitLock) {
            c = mode.committed(written, mustForceUpTo, forced, acked);
            if (c <= committed) {
                return;
            }
            committed = c;
            try {
                listener.onCommitted(c);
            } catch (RuntimeException e) {
                config.errors().onError("commit listener failed", e);
            }
            Pending p;
            while ((p = pending.peek()) != null && p.sequence <= c) {
                pending.poll();
                p.future.complete(p.sequence);
            }
            if (waiters > 0) {
                commitLock.notifyAll();
            }
        }
    }

    private void failPending() {
        synchronized (commitLock) {
            Pending p;
            while ((p = pending.poll()) != null) {
                p.future.completeExceptionally(new ReplicaUnavailableException("replica " + config.replica()
                        + " disconnected before acknowledging record " + p.sequence));
            }
            commitLock.notifyAll();
        }
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
        synchronized (commitLock) {
            Pending p;
            while ((p = pending.poll()) != null) {
                p.future.completeExceptionally(new IllegalStateException("journal closed before commit"));
            }
            commitLock.notifyAll();
        }
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

    private record Pending(long sequence, CompletableFuture<Long> future) {
    }

    /** The one thread that forces: takes a snapshot under the append lock, forces outside it. */
    private final class SyncThread extends Thread {
        private final Object idle = new Object();
        private List<Segment> forcing = new ArrayList<>();
        private Segment forcedSegment;
        private int forcedPosition;
        private volatile boolean running = true;
        private volatile boolean sleeping;
        private volatile long forceRequests;
        private volatile long forcesDone;

        SyncThread(Segment segment, int position) {
            super("tailguard-journal-sync");
            setDaemon(true);
            this.forcedSegment = segment;
            this.forcedPosition = position;
        }

        void wake() {
            if (sleeping) {
                LockSupport.unpark(this);
            }
        }

        void forceNow() {
            long target;
            synchronized (idle) {
                target = ++forceRequests;
            }
            LockSupport.unpark(this);
            synchronized (idle) {
                while (forcesDone < target && running && isAlive()) {
                    try {
                        idle.wait(10);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            }
        }

        void shutdown() {
            running = false;
            LockSupport.unpark(this);
            try {
                join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void run() {
            try {
                while (running) {
                    long requests = forceRequests;
                    long now = config.clock().nanoTime();
                    long due = forceDueAtNanos;
                    if (requests > forcesDone || forceWanted(due, now)) {
                        forceOnce();
                        synchronized (idle) {
                            forcesDone = requests;
                            idle.notifyAll();
                        }
                        continue;
                    }
                    long waitNanos = due == DurabilityPolicy.NEVER ? MAX_IDLE_NANOS : Math.min(MAX_IDLE_NANOS, due - now);
                    sleeping = true;
                    // re-check after announcing the sleep: an appender that wrote before reading
                    // `sleeping` is seen here, one that wrote after it unparks us
                    if (forceRequests == forcesDone && !forceWanted(forceDueAtNanos, config.clock().nanoTime())
                            && running) {
                        LockSupport.parkNanos(this, waitNanos);
                    }
                    sleeping = false;
                }
            } catch (RuntimeException | Error e) {
                config.errors().onError("journal sync thread failed; records no longer commit", e);
            }
        }

        private boolean forceWanted(long due, long now) {
            return written > forced && (due <= now || mode.forcesContinuously());
        }

        private void forceOnce() {
            Segment seg;
            int pos;
            long seq;
            List<Segment> done;
            appendLock.lock();
            try {
                seg = current;
                pos = position;
                seq = written;
                // swap the two lists instead of copying: a force allocates nothing
                done = rolled;
                rolled = forcing;
                forcing = done;
                policy.onForce(config.clock().nanoTime());
                forceDueAtNanos = policy.forceDueAtNanos();
            } finally {
                appendLock.unlock();
            }
            for (int i = 0; i < done.size(); i++) {
                Segment s = done.get(i);
                s.force(s == forcedSegment ? forcedPosition : 0, s.sizeBytes());
            }
            if (!done.isEmpty()) {
                done.clear();
                SegmentScanner.forceDirectory(directory);
            }
            seg.force(seg == forcedSegment ? forcedPosition : 0, pos);
            forcedSegment = seg;
            forcedPosition = pos;
            forced = seq;
            advanceCommit();
        }
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
