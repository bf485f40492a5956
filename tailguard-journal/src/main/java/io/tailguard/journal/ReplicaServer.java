package io.tailguard.journal;

import io.tailguard.journal.replication.Replica;
import io.tailguard.journal.scan.IdFile;
import io.tailguard.journal.segment.HistoryDigest;
import java.net.InetSocketAddress;

/**
 * Thread-safe: a replica. Each connection gets its own thread and must
 * send a whole valid PRIMARY HELLO within the replica timeout ({@link JournalConfig#replicaTimeout()})
 * of its accept,
 * so a client that connects and says nothing, or half of something, never blocks a primary. A
 * primary whose records this replica does not hold (it holds another journal's) is refused at
 * once; an accepted one becomes the active connection, closing the previous one (a primary that
 * restarted, or a connection whose peer vanished), so one connection at a time appends.
 *
 * <p>The active connection answers with the replica's HELLO, checks every incoming record
 * (length, CRC32C, sequence = previous + 1), appends it to the replica's journal and, after each
 * batch read from the socket, acknowledges the highest sequence its durability policy committed
 * ({@code none}, {@code sync} or {@code periodic}: the acknowledgement names which, and carries the
 * history digest after that sequence, {@link HistoryDigest}). The first
 * record it takes from a primary records that primary's identity in the directory
 * ({@link IdFile#PRIMARY_ID}). A bad frame, or a frame started and not finished within the
 * replica timeout, is logged with its reason and closes the connection; what was appended stays.
 */
public final class ReplicaServer implements AutoCloseable {

    private final Replica replica;

    private ReplicaServer(Replica replica) {
        this.replica = replica;
    }

    /**
     * Opens the replica's journal (which must use the {@code local} commit mode and durability
     * {@code none}, {@code sync} or {@code periodic}) and starts listening on {@code listen} (port 0
     * picks a free port).
     */
    public static ReplicaServer start(InetSocketAddress listen, JournalConfig journalConfig) {
        if (journalConfig.commitMode().replicated()) {
            throw new IllegalArgumentException("replica journal commitMode must be local but was "
                    + journalConfig.commitMode().label());
        }
        ReplicaDurability acks = ReplicaDurability.of(journalConfig.durability()); // refuses selective before opening
        Journal journal = Journal.open(journalConfig);
        return new ReplicaServer(Replica.start(listen, journalConfig, acks, journal, journal::appendFrameNoWait));
    }

    /** Returns the bound address. */
    public InetSocketAddress address() {
        return replica.address();
    }

    /** Returns the replica's own journal. */
    public Journal journal() {
        return replica.journal();
    }

    /** Returns the identity of the primary whose records this replica holds, or null before its first record. */
    public JournalId primaryIdentity() {
        return replica.primaryIdentity();
    }

    /** Returns what this replica's acknowledgements mean. */
    public ReplicaDurability durability() {
        return replica.durability();
    }

    /** Returns what this replica counted of its connections so far: accepted, rejected for a bad frame, open, refused. */
    public ReplicaStats stats() {
        return replica.stats();
    }

    /** Stops listening, closes every connection and the journal. */
    @Override
    public void close() {
        replica.close();
    }
}
