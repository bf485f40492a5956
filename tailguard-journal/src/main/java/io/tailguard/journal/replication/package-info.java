/**
 * Acknowledged replication over TCP: the primary's {@link io.tailguard.journal.replication.ReplicationSender}
 * streams records to a {@link io.tailguard.journal.replication.ReplicaServer}, which appends them
 * to its own journal and acknowledges the highest sequence it holds; the wire format is drawn in
 * {@link io.tailguard.journal.replication.ReplicationProtocol}.
 */
package io.tailguard.journal.replication;
