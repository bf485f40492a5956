package io.tailguard.journal.replication;

/** Receives a {@link ReplicationSender}'s events; called from the sender's threads, must not throw. */
public interface ReplicationListener {

    /** A replica connected holding every record up to {@code replicaLastSequence}. */
    void onConnected(long replicaLastSequence);

    /** The replica acknowledged every record up to {@code sequence}. */
    void onAcknowledged(long sequence);

    /**
     * The connection closed (error, bad frame or shutdown), or an attempt to connect failed or was
     * refused (it timed out at the latest after the replica timeout); the sender tries again.
     */
    void onDisconnected();

    /** Returns the primary's highest written sequence (an acknowledgement above it is a bad frame). */
    long writtenSequence();
}
