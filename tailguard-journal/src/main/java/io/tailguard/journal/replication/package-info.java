/**
 * Acknowledged replication over TCP: the primary's {@link io.tailguard.journal.replication.ReplicationSender}
 * streams records to a {@link io.tailguard.journal.replication.ReplicaServer}, which appends them
 * to its own journal and acknowledges the highest sequence its durability policy committed. The
 * handshake carries the primary's journal identity and what the replica holds, so a replica of
 * another history is refused instead of counted as acknowledged; both sides time out a peer that
 * stops answering. The wire format is drawn in
 * {@link io.tailguard.journal.replication.ReplicationProtocol}.
 */
package io.tailguard.journal.replication;
