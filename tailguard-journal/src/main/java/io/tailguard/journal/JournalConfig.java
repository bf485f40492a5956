package io.tailguard.journal;

import io.tailguard.config.Check;
import io.tailguard.journal.durability.Durability;
import io.tailguard.journal.segment.SegmentLayout;
import io.tailguard.time.NanoClock;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Thread-safe (immutable): a journal's configuration. {@link #of(Path)} gives the defaults;
 * {@link #builder(Path)} (or {@link #toBuilder()}) changes fields and validates them at
 * {@link Builder#build()}.
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
 *     default) sends every record as soon as it is written. See {@link Builder#replicationLinger}
 * @param replicaTimeout how long one side of replication waits for the other, 1 ms to 1 hour,
 *     default 5 s. On a primary: records sent and not acknowledged for this long (no progress)
 *     mean the replica is down (its connection is closed and {@code replicaDown} applies), and so
 *     does a replica that does not answer the handshake within it. On a replica
 *     ({@link io.tailguard.journal.ReplicaServer}): a connection must send its
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
        return builder(directory).build();
    }

    /** Returns a builder for a journal in {@code directory}, starting from the defaults of {@link #of(Path)}. */
    public static Builder builder(Path directory) {
        return new Builder(directory);
    }

    /** Returns a builder starting from this configuration. */
    public Builder toBuilder() {
        return builder(directory).segmentSizeBytes(segmentSizeBytes).durability(durability)
                .replication(commitMode, replica).replicaDown(replicaDown).ackGrace(ackGrace)
                .replicationLinger(replicationLinger).replicaTimeout(replicaTimeout).clock(clock).errors(errors);
    }

    /**
     * Not thread-safe: collects a {@link JournalConfig}'s fields; {@link #build()} validates them
     * (each field's meaning and range is on the record's components).
     *
     * <pre>{@code
     * JournalConfig cfg = JournalConfig.builder(dir)
     *         .durability(Durability.sync())
     *         .replication(CommitMode.ACK, new InetSocketAddress("127.0.0.1", 7400))
     *         .replicaTimeout(Duration.ofSeconds(2))
     *         .build();
     * }</pre>
     */
    public static final class Builder {
        private final Path directory;
        private int segmentSizeBytes = DEFAULT_SEGMENT_SIZE;
        private Durability durability = Durability.none();
        private CommitMode commitMode = CommitMode.LOCAL;
        private InetSocketAddress replica;
        private ReplicaDownAction replicaDown = ReplicaDownAction.WAIT;
        private Duration ackGrace = DEFAULT_ACK_GRACE;
        private Duration replicationLinger = Duration.ZERO;
        private Duration replicaTimeout = DEFAULT_REPLICA_TIMEOUT;
        private NanoClock clock = NanoClock.system();
        private ErrorHandler errors = ErrorHandler.logging();

        private Builder(Path directory) {
            this.directory = directory;
        }

        /** Size of each preallocated segment file, 4 KiB to 1 GiB (default 64 MiB). */
        public Builder segmentSizeBytes(int bytes) {
            this.segmentSizeBytes = bytes;
            return this;
        }

        /** When records are forced to disk (default {@code none}). */
        public Builder durability(Durability d) {
            this.durability = d;
            return this;
        }

        /** Replicates to {@code address} and commits per {@code mode} ({@link CommitMode#LOCAL} with null: no replica). */
        public Builder replication(CommitMode mode, InetSocketAddress address) {
            this.commitMode = mode;
            this.replica = address;
            return this;
        }

        /** What appends waiting for an acknowledgement do while the replica is down (default WAIT). */
        public Builder replicaDown(ReplicaDownAction action) {
            this.replicaDown = action;
            return this;
        }

        /**
         * How long an {@code ack-or-sync} record may wait for the replica before the journal forces
         * it, 0 to 1 minute ({@link Duration#ZERO}: force continuously; default 2 ms).
         */
        public Builder ackGrace(Duration grace) {
            this.ackGrace = grace;
            return this;
        }

        /**
         * How long the primary's sender waits after a send that emptied its backlog before it looks
         * for more records, 0 to 100 ms (default 0). Under load each send then carries more records
         * and the sender, the replica and the acknowledgement reader wake less often (like Kafka's
         * {@code linger.ms}, except that a record finding the sender asleep is never delayed). A
         * caller that waits for each commit before appending the next pays it on every record; with
         * {@code ack-or-sync} a linger near the grace makes records miss it and be forced, so keep it
         * well below. Measured in the Journal section of {@code tailguard-bench/RESULTS.md}.
         */
        public Builder replicationLinger(Duration linger) {
            this.replicationLinger = linger;
            return this;
        }

        /**
         * How long one side of replication waits for the other, 1 ms to 1 hour (default 5 s): a
         * primary for a replica's acknowledgement progress or handshake, a replica for a
         * connection's handshake or the rest of a started frame.
         */
        public Builder replicaTimeout(Duration timeout) {
            this.replicaTimeout = timeout;
            return this;
        }

        /** The time source for the durability policy and the replica timeout (default the system clock). */
        public Builder clock(NanoClock c) {
            this.clock = c;
            return this;
        }

        /** Receives background errors (default: logged). */
        public Builder errors(ErrorHandler e) {
            this.errors = e;
            return this;
        }

        /**
         * Returns the validated configuration.
         *
         * @throws IllegalArgumentException naming the first field out of range, its range and its value
         */
        public JournalConfig build() {
            return new JournalConfig(directory, segmentSizeBytes, durability, commitMode, replica, replicaDown, ackGrace,
                    replicationLinger, replicaTimeout, clock, errors);
        }
    }
}
