/**
 * Replication from a primary to one replica. Public API: the wire format,
 * {@link io.tailguard.journal.replication.ReplicationCodec}, one flyweight that the primary's
 * sender and the replica's connection both write and read the control messages through (the
 * records travel as journal frames, read and written by
 * {@link io.tailguard.journal.segment.FrameCodec}); it knows only bytes and numbers, so it depends
 * on nothing else of the journal.
 *
 * <p>Internal, not an API (public only for the journal's other packages): the primary's side, that
 * is the sender thread ({@link io.tailguard.journal.replication.ReplicationSender}), the reader of
 * acknowledgements ({@link io.tailguard.journal.replication.AckReader}), the handshake's checks
 * ({@link io.tailguard.journal.replication.Handshake},
 * {@link io.tailguard.journal.replication.DigestAt}), what the journal sees of the link
 * ({@link io.tailguard.journal.replication.ReplicaLink}) and a connection's failures
 * ({@link io.tailguard.journal.replication.ConnectionProblem}); and the replica's side, that is the
 * listener and history behind {@link io.tailguard.journal.ReplicaServer}
 * ({@link io.tailguard.journal.replication.Replica}) and its connections
 * ({@link io.tailguard.journal.replication.ReplicaConnection}).
 */
package io.tailguard.journal.replication;
