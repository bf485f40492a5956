package io.tailguard.journal.replication;

import java.util.function.LongSupplier;

/**
 * Thread-safe: the journal's view of its replica (connected or not, down or not, highest
 * acknowledged sequence), fed by the replication sender's threads ({@link ReplicationSender}). Not connected is not down: at
 * open the first attempt is still under way, and only a failed attempt or a lost connection says
 * the replica is down ({@link io.tailguard.journal.ReplicaDownAction#FAIL} acts on that). Every acknowledgement that moves the
 * watermark runs {@code onAdvance}; a disconnect runs {@code onDisconnect}.
 */
public final class ReplicaLink {

    private final LongSupplier written;
    private final Runnable onAdvance;
    private final Runnable onDisconnect;
    private volatile long acked;
    private volatile boolean connected;
    private volatile boolean down;

    public ReplicaLink(LongSupplier written, Runnable onAdvance, Runnable onDisconnect) {
        this.written = written;
        this.onAdvance = onAdvance;
        this.onDisconnect = onDisconnect;
    }

    /** Returns the highest sequence the replica acknowledged, 0 before any. */
    public long acked() {
        return acked;
    }

    /** Returns true while a replica is connected. */
    public boolean connected() {
        return connected;
    }

    /** Returns true once an attempt to connect failed or a connection was lost, until the next connection. */
    public boolean down() {
        return down;
    }

    /** A replica connected holding every record up to {@code replicaLastSequence}. */
    void onConnected(long replicaLastSequence) {
        down = false;
        connected = true;
        onAcknowledged(replicaLastSequence);
    }

    /** The replica acknowledged every record up to {@code sequence}. */
    void onAcknowledged(long sequence) {
        // called by one thread at a time: the sender thread on connect, then its acknowledgement thread
        if (sequence > acked) {
            acked = sequence;
            onAdvance.run();
        }
    }

    /**
     * The connection closed (error, bad frame or shutdown), or an attempt to connect failed or was
     * refused (it timed out at the latest after the replica timeout); the sender tries again.
     */
    void onDisconnected() {
        connected = false;
        down = true;
        onDisconnect.run();
    }

    /** Returns the primary's highest written sequence (an acknowledgement above it is a bad frame). */
    long writtenSequence() {
        return written.getAsLong();
    }
}
