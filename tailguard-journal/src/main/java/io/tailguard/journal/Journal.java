package io.tailguard.journal;

import io.tailguard.journal.durability.Durability;
import io.tailguard.journal.durability.DurabilityPolicy;
import io.tailguard.journal.replication.ReplicaLink;
import io.tailguard.journal.replication.ReplicationSender;
import io.tailguard.journal.scan.DirectoryScan;
import io.tailguard.journal.scan.IdFile;
import io.tailguard.journal.scan.Recovered;
import io.tailguard.journal.scan.SegmentScanner;
import io.tailguard.journal.segment.DirectoryLock;
import io.tailguard.journal.segment.ScanReport;
import io.tailguard.journal.segment.SegmentFiles;
import io.tailguard.journal.segment.SegmentPreparer;
import io.tailguard.journal.writer.AckGrace;
import io.tailguard.journal.writer.CommitTracker;
import io.tailguard.journal.writer.ForceSnapshot;
import io.tailguard.journal.writer.ForceThread;
import io.tailguard.journal.writer.SegmentWriter;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Thread-safe: an append-only journal of CRC32C-framed records in rolling segment files, with a
 * selectable durability policy and optional acknowledged replication.
 *
 * <p>Four watermarks, each a record sequence: <em>written</em> (in the page cache, visible to
 * tailers), <em>forced</em> (covered by a completed force), <em>acked</em> (held by the replica)
 * and <em>committed</em> (per the {@link CommitMode}). A {@link SegmentWriter} frames the records;
 * one background thread forces, each force covering every record written before it started
 * (group commit); another prepares the next segment file before it is needed; a
 * {@link CommitTracker} turns the watermarks into commits.
 *
 * <p>A record the durability policy made wait for a force commits at the forced watermark, any
 * other record at the plain one, so with {@code selective} ordinary records do not wait for a
 * large record's force; {@link #committedSequence()} is the contiguous prefix of both.
 *
 * <pre>{@code
 * try (Journal j = Journal.open(JournalConfig.builder(dir).durability(Durability.sync()).build())) {
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
    private final CommitMode mode;
    private final ScanReport recovery;
    private final JournalId identity;
    private final DirectoryLock lock;
    private final SegmentWriter writer;
    private final CommitTracker commits;
    private final ReplicaLink replica;
    private final SegmentPreparer preparer;
    private final ForceThread syncThread;
    private final ReplicationSender sender;
    private final AckGrace grace;
    private final LongSupplier writtenNow;
    private final CommitListener listener;
    private volatile long forced;
    private final AtomicLong forceCount = new AtomicLong();

    /** {@code lock}: taken by {@link #open}, which releases it if this constructor throws. */
    private Journal(JournalConfig config, CommitListener listener, DirectoryLock lock) {
        this.config = config;
        this.directory = config.directory();
        this.mode = config.commitMode();
        this.lock = lock;
        this.listener = listener;
        // nothing is written (no preparer, no writer, no identity) before every verdict: a damaged
        // journal.id refuses before the scan may cut a torn tail, and a refused scan creates no journal.id
        JournalId existing = IdFile.read(directory.resolve(IdFile.JOURNAL_ID));
        DirectoryScan scan = SegmentScanner.scanForOpen(directory, existing);
        // accepted without journal.id: empty, or segments of the previous format, which name no identity;
        // it is written before the first segment that names it, so no crash leaves a segment naming an identity no file holds
        this.identity = existing != null ? existing : IdFile.create(directory);
        Recovered r = SegmentScanner.recover(directory, scan, config.segmentSizeBytes(), identity);
        this.recovery = r.report();
        boolean needsSync = mode.forcesContinuously() || config.durability() != Durability.none();
        this.preparer = new SegmentPreparer(directory, config.segmentSizeBytes(), needsSync, config.errors());
        this.grace = mode == CommitMode.ACK_OR_SYNC ? new AckGrace(config.ackGrace().toNanos()) : null;
        this.writer = new SegmentWriter(r, config, identity, config.durability().newPolicy(), preparer::takeForRoll, grace,
                needsSync ? null : preparer::retire);
        this.writtenNow = writer::written;
        preparer.pace(writer::fill);
        lock.announceWriter(writtenNow);
        long last = writer.written();
        this.forced = last;
        this.commits = new CommitTracker(mode, listener, config.errors(), this::stopReason, last);
        this.replica = new ReplicaLink(writer::written, this::advanceCommit, this::replicaLost);
        this.syncThread = needsSync ? new ForceThread(new ForceHost(), config.clock(), config.errors(), directory,
                writer.current(), writer.position(), idleNanos(grace)) : null;
        this.sender = mode.replicated()
                ? new ReplicationSender(config, identity, replica, preparer::retire)
                : null;
        preparer.start();
        if (syncThread != null) {
            syncThread.start();
        }
        if (sender != null) {
            sender.start();
        }
    }

    /**
     * Opens (cutting a torn tail) or creates the journal; commits are not reported to a listener.
     *
     * @throws io.tailguard.journal.segment.JournalCorruptedException when the journal is damaged where
     *     cutting could lose records (file, byte offset and reason in the message); nothing on disk changed
     * @throws IllegalStateException when the journal is already open for appending, in this process or another
     */
    public static Journal open(JournalConfig config) {
        return open(config, seq -> { });
    }

    /** Opens the journal and reports every commit advance to {@code listener}; see {@link #open(JournalConfig)}. */
    public static Journal open(JournalConfig config, CommitListener listener) {
        DirectoryLock lock = DirectoryLock.acquire(config.directory(), config.errors());
        try {
            return new Journal(config, listener, lock);
        } catch (RuntimeException | Error e) {
            lock.close(); // ours: taken above; a failed acquire threw before and released nothing
            throw e;
        }
    }

    /**
     * Checks every record of the journal in {@code dir} without changing a byte and says what
     * {@link #open} would do: continue, cut a torn tail, or refuse (with the file, byte offset and
     * reason). A damaged {@value IdFile#JOURNAL_ID}, which open refuses before it scans, is reported
     * as the first problem with the scan's counts. Safe beside a live writer.
     *
     * @throws IllegalArgumentException when {@code dir} holds no journal; the message says what it
     *     holds instead (journals in subdirectories, {@code *.tgj} files that are not segments)
     */
    public static ScanReport verify(Path dir) {
        requireJournal(dir);
        Path idFile = dir.resolve(IdFile.JOURNAL_ID);
        try {
            return SegmentScanner.verify(dir, IdFile.read(idFile));
        } catch (IllegalStateException e) {
            ScanReport r = SegmentScanner.verify(dir, null, false); // counts what a readable journal.id would let open keep
            return new ScanReport(r.segments(), r.records(), r.firstSequence(), r.lastSequence(), false, true,
                    e.getMessage(), idFile, 0, 0, r.unpublishedBytes());
        }
    }

    /**
     * Returns null when {@code dir} holds a journal's segment files, else why not, saying what it
     * holds instead: journals in its subdirectories, or {@code *.tgj} files that are not segments.
     */
    public static String whyNotAJournal(Path dir) {
        return SegmentFiles.notAJournal(dir);
    }

    /** Throws {@link IllegalArgumentException} naming {@code dir} and {@link #whyNotAJournal} unless it holds a journal. */
    static void requireJournal(Path dir) {
        String why = SegmentFiles.notAJournal(dir);
        if (why != null) {
            throw new IllegalArgumentException("dir must be a journal directory but was " + dir + ": " + why);
        }
    }

    /** Returns what opening found and cut (a torn tail is cut and reported here). */
    public ScanReport recovery() {
        return recovery;
    }

    /** Returns this journal's identity, created at its first open and kept in {@value IdFile#JOURNAL_ID}. */
    public JournalId identity() {
        return identity;
    }

    /** Returns the configuration. */
    public JournalConfig config() {
        return config;
    }

    /** Returns the highest written (visible) sequence, 0 when empty. */
    public long writtenSequence() {
        return writer.written();
    }

    /** Returns the highest sequence covered by a completed force. */
    public long forcedSequence() {
        return forced;
    }

    /**
     * Returns how many forces of journal data completed since opening (the background forces of
     * the policy or mode and {@link #force()}; not the preparer's forces of blank segments).
     */
    public long forceCount() {
        return forceCount.get();
    }

    /** Returns the highest sequence the replica acknowledged. */
    public long ackedSequence() {
        return replica.acked();
    }

    /** Returns the highest committed sequence. */
    public long committedSequence() {
        return commits.committed();
    }

    /**
     * Returns how many batches of records the replication sender wrote to the replica since opening,
     * over every connection and including catch-up (0 without replication); records written divided
     * by this is the mean batch.
     */
    public long replicationSends() {
        return sender == null ? 0 : sender.sends();
    }

    /**
     * Returns how many times the replication sender lingered after a send since opening
     * ({@link JournalConfig#replicationLinger()}; 0 while the linger is 0 or without replication).
     */
    public long replicationLingers() {
        return sender == null ? 0 : sender.lingers();
    }

    /** Returns how many times the replication sender's reader read the rest of a segment for proof of damage (tests). */
    long replicationLookAheads() {
        return sender == null ? 0 : sender.lookAheads();
    }

    /**
     * Returns what the replica's acknowledgements mean, as it reported in its handshake and
     * acknowledgements (its durability: {@code NONE}, {@code SYNC} or {@code PERIODIC});
     * {@code UNKNOWN} before a replica answered or without replication.
     */
    public ReplicaDurability replicaDurability() {
        return sender == null ? ReplicaDurability.UNKNOWN : sender.replicaDurability();
    }

    /**
     * Returns why no replica is connected (down, refused, not answering: the line also logged), or
     * null while a replica is connected, before the first attempt, or without replication.
     */
    public String replicaProblem() {
        return sender == null ? null : sender.problem();
    }

    /** Returns true while a replica is connected. */
    public boolean replicaConnected() {
        return replica.connected();
    }

    /** Opens a tailer over this journal's directory starting at {@code fromSequence}. */
    public Tailer tailer(long fromSequence) {
        return Tailer.open(directory, fromSequence);
    }

    /**
     * Appends {@code payload}'s remaining bytes (its position is unchanged) and returns its
     * sequence at once; commit is reported through the listener and {@link #committedSequence()}.
     * Allocates nothing. An append that throws wrote nothing: append the record again.
     *
     * @throws ReplicaUnavailableException when the mode needs an acknowledgement, the replica is
     *     down and {@link ReplicaDownAction#FAIL} is configured (nothing is written,
     *     {@link ReplicaUnavailableException#writtenSequence()} is 0)
     * @throws java.io.UncheckedIOException when the record needs a new segment and it cannot be
     *     made (a full disk: the message names the directory and the bytes needed); nothing is
     *     written, and the next append tries again
     */
    public long appendNoWait(ByteBuffer payload) {
        return appendTagged(payload) >>> 1;
    }

    /** Appends {@code payload[offset, offset+length)}; see {@link #appendNoWait(ByteBuffer)}. */
    public long appendNoWait(byte[] payload, int offset, int length) {
        return appendTagged(payload, offset, length) >>> 1;
    }

    /**
     * Appends and returns {@code sequence * 2}, plus 1 when the durability policy made the record
     * wait for a force (it commits at the forced watermark); tells the listener the same.
     */
    private long appendTagged(ByteBuffer payload) {
        checkReplica();
        return afterAppend(writer.append(payload));
    }

    /**
     * Appends a checked frame as it came (a replica's record: see {@link SegmentWriter#appendFrame});
     * returns its sequence at once, like {@link #appendNoWait(ByteBuffer)}.
     */
    long appendFrameNoWait(ByteBuffer buf, int at, int frameLength) {
        checkReplica();
        return afterAppend(writer.appendFrame(buf, at, frameLength)) >>> 1;
    }

    private long appendTagged(byte[] payload, int offset, int length) {
        checkReplica();
        return afterAppend(writer.append(payload, offset, length));
    }

    /**
     * Appends and blocks until the record commits; returns its sequence. Allocates nothing.
     *
     * @throws ReplicaUnavailableException with {@code FAIL}: either nothing was written
     *     ({@link ReplicaUnavailableException#writtenSequence()} is 0), or the record was written
     *     with that sequence and the replica went away before acknowledging it; then it stays in
     *     the journal, and a retry waits for it with {@link #awaitCommitted(long)} instead of
     *     appending it again
     * @throws java.io.UncheckedIOException when the record needs a new segment and it cannot be
     *     made; nothing is written (see {@link #appendNoWait(ByteBuffer)})
     * @throws IllegalStateException when the journal is closed before the record commits (the
     *     message names the written record)
     */
    public long appendBlocking(ByteBuffer payload) {
        long tagged = appendTagged(payload);
        commits.await(tagged >>> 1, (tagged & 1) != 0);
        return tagged >>> 1;
    }

    /** Appends {@code payload} and blocks until the record commits; returns its sequence; see {@link #appendBlocking(ByteBuffer)}. */
    public long appendBlocking(byte[] payload) {
        long tagged = appendTagged(payload, 0, payload.length);
        commits.await(tagged >>> 1, (tagged & 1) != 0);
        return tagged >>> 1;
    }

    /**
     * Appends and returns a future completing with the sequence at commit, or exceptionally with
     * what {@link #appendBlocking(ByteBuffer)} would throw (a {@link ReplicaUnavailableException}
     * says whether the record was written).
     */
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
                    + " is written but not acknowledged", sequence);
        }
        if (writer.closed()) {
            return new IllegalStateException("journal closed before record " + sequence + " committed");
        }
        return null;
    }

    private long afterAppend(long tagged) {
        try {
            listener.onAppended(tagged >>> 1, (tagged & 1) != 0);
        } catch (RuntimeException e) {
            // the record is written: a throw here would read as a failed append and invite a duplicate
            config.errors().onError("commit listener failed on record " + (tagged >>> 1), e);
        }
        // a force that began after the append covers it; one due now (or always, for the
        // modes that force continuously) must not wait for the force thread's idle timeout
        if (syncThread != null && (wakesOnEveryAppend() || writer.forceDueAtNanos() == 0)) {
            syncThread.wake();
        }
        if (sender != null) {
            sender.wake();
        }
        advanceCommit();
        return tagged;
    }

    /** With a grace the force thread sleeps until the oldest record's deadline, unless the replica is away. */
    private boolean wakesOnEveryAppend() {
        if (grace != null && grace.graceNanos() > 0) {
            return !replica.connected() || writer.mustForceUpTo() > forced;
        }
        return mode.forcesContinuously();
    }

    /** How long the force thread sleeps when nothing is due: 1 ms, or the grace when shorter. */
    private static long idleNanos(AckGrace grace) {
        long maxIdleNanos = 1_000_000L;
        return grace == null || grace.graceNanos() == 0 ? maxIdleNanos : Math.min(maxIdleNanos, grace.graceNanos());
    }

    private CompletableFuture<Long> track(long tagged) {
        return commits.track(tagged >>> 1, (tagged & 1) != 0);
    }

    private void checkReplica() {
        if (failingForReplica()) {
            throw new ReplicaUnavailableException("replica " + config.replica() + " is down and commit mode "
                    + mode.label() + " needs its acknowledgement; the record is not written");
        }
    }

    private boolean failingForReplica() {
        return (mode == CommitMode.ACK || mode == CommitMode.ACK_AND_SYNC)
                && config.replicaDown() == ReplicaDownAction.FAIL && replica.down();
    }

    /** Recomputes the commit watermarks from the journal's and tells whoever waits. */
    void advanceCommit() {
        commits.advance(writer.written(), writer.mustForceUpTo(), forced, replica.acked());
    }

    private void replicaLost() {
        if (syncThread != null) {
            syncThread.wake(); // ack-or-sync forces at once without a replica, whatever the grace
        }
        if (failingForReplica()) {
            commits.failAll(seq -> new ReplicaUnavailableException("replica " + config.replica()
                    + " disconnected; record " + seq + " is written but not acknowledged", seq));
        }
    }

    /** Forces everything written so far (whatever the policy) and waits for it. */
    public void force() {
        if (syncThread != null) {
            syncThread.forceNow();
        } else {
            forced = writer.forceAll();
            forceCount.incrementAndGet();
            advanceCommit();
        }
    }

    /** Stops the background threads, forces what policy or mode would force, and releases the lock. */
    @Override
    public void close() {
        if (writer.closed()) {
            return;
        }
        if (syncThread != null) {
            syncThread.forceNow();
        }
        writer.close();
        if (sender != null) {
            sender.close();
        }
        if (syncThread != null) {
            syncThread.shutdown();
        }
        commits.failAll(seq -> new IllegalStateException("journal closed before record " + seq + " committed"));
        // a force thread that did not stop in time may still force the segments: leave them to the GC
        writer.release(syncThread == null || !syncThread.isAlive());
        preparer.shutdown(); // after release: no append is left that could take the prepared blank
        lock.close();
    }

    /** Starts a force (see {@link SegmentWriter#beginForce}); called only by the force thread. */
    void beginForce(ForceSnapshot snapshot) {
        writer.beginForce(snapshot);
    }

    /** A force covering every record up to {@code sequence} completed. */
    void forceCompleted(long sequence) {
        forced = sequence;
        forceCount.incrementAndGet();
        advanceCommit();
    }

    /** Returns true when unforced records exist and the policy or the mode wants them forced by {@code nowNanos}. */
    boolean forceWanted(long nowNanos) {
        return writer.written() > forced && forceDueAtNanos() <= nowNanos;
    }

    /**
     * Returns when the policy or the mode next wants a force ({@link Long#MIN_VALUE} or 0 for now),
     * or {@link DurabilityPolicy#NEVER}. {@code ack-and-sync} forces whatever is unforced at once;
     * {@code ack-or-sync} when the oldest record neither acknowledged nor forced has had its grace
     * (see {@link AckGrace}).
     */
    long forceDueAtNanos() {
        long policyDue = writer.forceDueAtNanos();
        if (grace != null) {
            if (writer.mustForceUpTo() > forced) {
                // a record the policy wants forced commits only when forced, acknowledged or not,
                // and so does every record after it: no grace for it, as before grace existed
                return Long.MIN_VALUE;
            }
            long written = writer.written();
            return Math.min(policyDue,
                    grace.forceDueAtNanos(written, forced, replica.acked(), replica.connected(), writtenNow));
        }
        if (mode.forcesContinuously() && writer.written() > forced) {
            return Long.MIN_VALUE;
        }
        return policyDue;
    }

    /** The force thread's view of this journal, kept off its public face. */
    private final class ForceHost implements ForceThread.Host {
        @Override
        public boolean forceWanted(long nowNanos) {
            return Journal.this.forceWanted(nowNanos);
        }

        @Override
        public long forceDueAtNanos() {
            return Journal.this.forceDueAtNanos();
        }

        @Override
        public void beginForce(ForceSnapshot snapshot) {
            Journal.this.beginForce(snapshot);
        }

        @Override
        public void forceCompleted(long sequence) {
            Journal.this.forceCompleted(sequence);
        }
    }
}
