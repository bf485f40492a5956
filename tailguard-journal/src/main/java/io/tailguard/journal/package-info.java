/**
 * The durable journal. Its public face: {@link io.tailguard.journal.Journal} appends CRC32C-framed
 * records to rolling segment files and commits them per a durability policy and a
 * {@link io.tailguard.journal.CommitMode} ({@link io.tailguard.journal.JournalConfig#builder});
 * {@link io.tailguard.journal.Tailer} reads from any sequence and follows live appends;
 * {@link io.tailguard.journal.Journal#verify} and {@link io.tailguard.journal.JournalRepair} are the
 * operator's check and cut; {@link io.tailguard.journal.ReplicaServer} is a replica. Everything
 * else is package-private: the segment writer, the force and preparer threads, the recovery scan
 * (which cuts only a provable torn tail, {@code docs/decisions/009}), and replication's sender,
 * acknowledgement reader and replica connections, which write and read the wire through one
 * flyweight, {@link io.tailguard.journal.replication.ReplicationCodec}, where it is drawn. Frames
 * are read and written through one codec, {@link io.tailguard.journal.segment.FrameCodec}.
 */
package io.tailguard.journal;
