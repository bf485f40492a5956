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
 * @param clock the time source for the durability policy
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
        NanoClock clock,
        ErrorHandler errors) {

    /** Default segment size: 64 MiB. */
    public static final int DEFAULT_SEGMENT_SIZE = 64 << 20;

    /** Default {@link #ackGrace()}: see {@code docs/decisions/007-ack-or-sync-grace.md}. */
    public static final Duration DEFAULT_ACK_GRACE = Duration.ofMillis(2);

    /** Largest {@link #ackGrace()}. */
    public static final Duration MAX_ACK_GRACE = Duration.ofMinutes(1);

    /** Validates every field. */
    public JournalConfig {
        Check.notNull("directory", directory);
        Check.inRange("segmentSizeBytes", segmentSizeBytes, SegmentLayout.MIN_SEGMENT_SIZE, 1L << 30);
        Check.notNull("durability", durability);
        Check.notNull("commitMode", commitMode);
        Check.notNull("replicaDown", replicaDown);
        Check.nonNegative("ackGrace", ackGrace);
        if (ackGrace.compareTo(MAX_ACK_GRACE) > 0) {
            throw new IllegalArgumentException("ackGrace must be <= " + MAX_ACK_GRACE + " but was " + ackGrace);
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
                ReplicaDownAction.WAIT, DEFAULT_ACK_GRACE,
                NanoClock.system(), ErrorHandler.logging());
    }

    /** Returns a copy with another segment size. */
    public JournalConfig withSegmentSizeBytes(int bytes) {
        return new JournalConfig(directory, bytes, durability, commitMode, replica, replicaDown, ackGrace, clock, errors);
    }

    /** Returns a copy with another durability policy. */
    public JournalConfig withDurability(Durability d) {
        return new JournalConfig(directory, segmentSizeBytes, d, commitMode, replica, replicaDown, ackGrace, clock, errors);
    }

    /** Returns a copy that replicates to {@code address} and commits per {@code mode}. */
    public JournalConfig withReplication(CommitMode mode, InetSocketAddress address) {
        return new JournalConfig(directory, segmentSizeBytes, durability, mode, address, replicaDown, ackGrace, clock, errors);
    }

    /** Returns a copy with another action while the replica is down. */
    public JournalConfig withReplicaDown(ReplicaDownAction action) {
        return new JournalConfig(directory, segmentSizeBytes, durability, commitMode, replica, action, ackGrace, clock, errors);
    }

    /**
     * Returns a copy with another {@link #ackGrace()}: how long an {@code ack-or-sync} record may
     * wait for the replica before the journal forces it ({@link Duration#ZERO}: force continuously).
     */
    public JournalConfig withAckGrace(Duration grace) {
        return new JournalConfig(directory, segmentSizeBytes, durability, commitMode, replica, replicaDown, grace, clock,
                errors);
    }

    /** Returns a copy with another clock. */
    public JournalConfig withClock(NanoClock c) {
        return new JournalConfig(directory, segmentSizeBytes, durability, commitMode, replica, replicaDown, ackGrace, c, errors);
    }

    /** Returns a copy with another error handler. */
    public JournalConfig withErrors(ErrorHandler e) {
        return new JournalConfig(directory, segmentSizeBytes, durability, commitMode, replica, replicaDown, ackGrace, clock, e);
    }
}
