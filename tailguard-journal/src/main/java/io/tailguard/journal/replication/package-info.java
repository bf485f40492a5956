/**
 * The replication wire format: {@link io.tailguard.journal.replication.ReplicationCodec}, one
 * flyweight that the primary's sender and the replica's connection both write and read the
 * control messages through (the records travel as journal frames, read and written by
 * {@link io.tailguard.journal.segment.FrameCodec}). It knows only bytes and numbers, so it depends
 * on nothing else of the journal.
 */
package io.tailguard.journal.replication;
