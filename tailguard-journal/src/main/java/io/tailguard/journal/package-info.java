/**
 * The durable journal. Its public face: {@link io.tailguard.journal.Journal} appends CRC32C-framed
 * records to rolling segment files and commits them per a durability policy
 * ({@link io.tailguard.journal.durability}) and a {@link io.tailguard.journal.CommitMode}
 * ({@link io.tailguard.journal.JournalConfig#builder}); {@link io.tailguard.journal.Tailer} reads
 * from any sequence and follows live appends; {@link io.tailguard.journal.Journal#verify} and
 * {@link io.tailguard.journal.JournalRepair} are the operator's check and cut;
 * {@link io.tailguard.journal.ReplicaServer} is a replica. The formats are drawn and coded in
 * {@link io.tailguard.journal.segment.SegmentLayout}, {@link io.tailguard.journal.segment.FrameCodec}
 * and {@link io.tailguard.journal.replication.ReplicationCodec}.
 *
 * <p>Everything else is internal, not an API, though public so that the packages can use each
 * other ({@code docs/decisions/048}): the segment files and their preparer in
 * {@link io.tailguard.journal.segment}, the recovery scan (which cuts only a provable torn tail,
 * {@code docs/decisions/009}) in {@link io.tailguard.journal.scan}, the appender in
 * {@link io.tailguard.journal.writer}, both sides of replication in
 * {@link io.tailguard.journal.replication} and what the background threads share in
 * {@link io.tailguard.journal.worker}.
 */
package io.tailguard.journal;
