package io.tailguard.journal;

import io.tailguard.config.Check;
import io.tailguard.journal.durability.Durability;
import io.tailguard.journal.segment.SegmentLayout;
import io.tailguard.time.NanoClock;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Thread-safe (immutable): a journal's configuration. Start from {@link #of(Path)} and change
 * fields with the {@code with...} methods.
 *
 * @param directory where segment files live (created if absent)
 * @param segmentSizeBytes size of each preallocated segment file, 4 KiB to 1 GiB
 * @param durability when records are forced to disk
 * @param commitMode when a record counts as committed
 * @param replica where the replica listens; required for every mode but {@code local}, else null
 * @param replicaDown what appends waiting for an acknowledgement do while the replica is down
 * @param ackGrace for {@link CommitMode#ACK_OR_SYNC}: how long a record may wait for the replica's
 *     acknowledgement before the journal forces it, 0 to 1 minute; zero forces continuously. While
 *     no replica is connected records are forced at once, whatever the grace
 * @param replicationLinger for replicated modes: how long the primary's sender waits, after a
 *     send that emptied its backlog, before it looks for more records, 0 to 100 ms; zero (the
 *     default) sends every record as soon as it is written. See {@link #withReplicationLinger}
 * @param replicaTimeout how long one side of replication waits for the other, 1 ms to 1 hour,
 *     default 5 s. On a primary: records sent and not acknowledged for this long (no progress)
 *     mean the replica is down (its connection is closed and {@code replicaDown} applies), and so
 *     does a replica that does not answer the handshake within it. On a replica
 *     ({@link io.tailguard.journal.replication.ReplicaServer}): a connection must send its
 *     handshake, and finish any frame it starts, within it
 * @param clock the time source for the durability policy and the replica timeout
 * @param errors receives background errors (disconnects, bad frames)
 */
public record JournalConfig(
        Path directory,
        int segmentSizeBytes,
        Durability durability,
        CommitMode commitMode,
        InetSocketAddress replica,
        ReplicaDownAction replicaDown,
        Duration ackGrace,
        Duration replicationLinger,
        Duration replicaTimeout,
        NanoClock clock,
        ErrorHandler errors) {

    /** Default segment size: 64 MiB. */
    public static final int DEFAULT_SEGMENT_SIZE = 64 << 20;

    /** Default {@link #ackGrace()}: see {@code docs/decisions/007-ack-or-sync-grace.md}. */
    public static final Duration DEFAULT_ACK_GRACE = Duration.ofMillis(2);

    /** Largest {@link #ackGrace()}. */
    public static final Duration MAX_ACK_GRACE = Duration.ofMinutes(1);

    /** Default {@link #replicaTimeout()}. */
    public static final Duration DEFAULT_REPLICA_TIMEOUT = Duration.ofSeconds(5);

    /** Largest {@link #replicaTimeout()}. */
    public static final Duration MAX_REPLICA_TIMEOUT = Duration.ofHours(1);

    /** Largest {@link #replicationLinger()}. */
    public static final Duration MAX_REPLICATION_LINGER = Duration.ofMillis(100);

    /** Validates every field. */
    public JournalConfig {
        Check.notNull("directory", directory);
        Check.inRange("segmentSizeBytes", segmentSizeBytes, SegmentLayout.MIN_SEGMENT_SIZE, 1L << 30);
        Check.notNull("durability", durability);
        Check.notNull("commitMode", commitMode);
        Check.notNull("replicaDown", replicaDown);
        Check.nonNegative("ackGrace", ackGrace, MAX_ACK_GRACE);
        Check.nonNegative("replicationLinger", replicationLinger, MAX_REPLICATION_LINGER);
        Check.nonNegative("replicaTimeout", replicaTimeout, MAX_REPLICA_TIMEOUT);
        if (replicaTimeout.toMillis() < 1) {
            throw new IllegalArgumentException("replicaTimeout must be >= PT0.001S but was " + replicaTimeout);
        }
        Check.notNull("clock", clock);
        Check.notNull("errors", errors);
        if (commitMode.replicated() && replica == null) {
            throw new IllegalArgumentException("replica must be set for commitMode " + commitMode.label()
                    + " but was null");
        }
    }

    /** Returns a local journal in {@code directory}: 64 MiB segments, durability none, real clock. */
    public static JournalConfig of(Path directory) {
        return new JournalConfig(directory, DEFAULT_SEGMENT_SIZE, Durability.none(), CommitMode.LOCAL, null,
                ReplicaDownAction.WAIT, DEFAULT_ACK_GRACE, Duration.ZERO, DEFAULT_REPLICA_TIMEOUT,
                NanoClock.system(), ErrorHandler.logging());
    }

    /** Returns a copy with another segment size. */
    public JournalConfig withSegmentSizeBytes(int bytes) {
        return new JournalConfig(directory, bytes, durability, commitMode, replica, replicaDown, ackGrace,
                replicationLinger, replicaTimeout, clock, errors);
    }

    /** Returns a copy with another durability policy. */
    public JournalConfig withDurability(Durability d) {
        return new JournalConfig(directory, segmentSizeBytes, d, commitMode, replica, replicaDown, ackGrace,
                replicationLinger, replicaTimeout, clock, errors);
    }

    /** Returns a copy that replicates to {@code address} and commits per {@code mode}. */
    public JournalConfig withReplication(CommitMode mode, InetSocketAddress address) {
        return new JournalConfig(directory, segmentSizeBytes, durability, mode, address, replicaDown, ackGrace,
                replicationLinger, replicaTimeout, clock, errors);
    }

    /** Returns a copy with another action while the replica is down. */
    public JournalConfig withReplicaDown(ReplicaDownAction action) {
        return new JournalConfig(directory, segmentSizeBytes, durability, commitMode, replica, action, ackGrace,
                replicationLinger, replicaTimeout, clock, errors);
    }

    /**
     * Returns a copy with another {@link #ackGrace()}: how long an {@code ack-or-sync} record may
     * wait for the replica before the journal forces it ({@link Duration#ZERO}: force continuously).
     */
    public JournalConfig withAckGrace(Duration grace) {
        return new JournalConfig(directory, segmentSizeBytes, durability, commitMode, replica, replicaDown, grace,
                replicationLinger, replicaTimeout, clock, errors);
    }

    /**
     * Returns a copy with another {@link #replicationLinger()}. After a send that emptied its
     * backlog, the primary's sender waits this long before it looks for more records, so that
     * under load each send carries more records and the sender, the replica and the
     * acknowledgement reader wake less often (like Kafka's {@code linger.ms}, except that a
     * record finding the sender asleep is never delayed). A record written while the sender
     * lingers waits up to this long; one written after the sender has gone idle is sent at once. {@link Duration#ZERO} (the default) never
     * lingers: a short spin, then a sleep that each append ends.
     *
     * <p>Costs: a caller that waits for each commit before appending the next record pays the
     * linger on every record (at most one record per linger); with {@code ack-or-sync} a linger
     * near {@link #ackGrace()} makes records miss the grace and be forced, so keep it well below.
     * Measured (linger 0 against 200 µs at 200K records/s) in the Journal section of
     * {@code tailguard-bench/RESULTS.md}.
     */
    public JournalConfig withReplicationLinger(Duration linger) {
        return new JournalConfig(directory, segmentSizeBytes, durability, commitMode, replica, replicaDown, ackGrace,
                linger, replicaTimeout, clock, errors);
    }

    /**
     * Returns a copy with another {@link #replicaTimeout()}: how long a primary waits for a
     * replica's acknowledgement progress (or handshake) before it counts the replica as down, and
     * how long a replica waits for a connection's handshake or the rest of a started frame.
     */
    public JournalConfig withReplicaTimeout(Duration timeout) {
        return new JournalConfig(directory, segmentSizeBytes, durability, commitMode, replica, replicaDown, ackGrace,
                replicationLinger, timeout, clock, errors);
    }

    /** Returns a copy with another clock. */
    public JournalConfig withClock(NanoClock c) {
        return new JournalConfig(directory, segmentSizeBytes, durability, commitMode, replica, replicaDown, ackGrace,
                replicationLinger, replicaTimeout, c, errors);
    }

    /** Returns a copy with another error handler. */
    public JournalConfig withErrors(ErrorHandler e) {
        return new JournalConfig(directory, segmentSizeBytes, durability, commitMode, replica, replicaDown, ackGrace,
                replicationLinger, replicaTimeout, clock, e);
    }
}
