/**
 * The durable journal: {@link io.tailguard.journal.Journal} appends CRC32C-framed records to
 * rolling segment files and commits them per a durability policy and a {@link io.tailguard.journal.CommitMode};
 * {@link io.tailguard.journal.Tailer} reads from any sequence and follows live appends.
 */
package io.tailguard.journal;
