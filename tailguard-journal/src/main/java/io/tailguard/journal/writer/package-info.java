/**
 * Internal, not an API (public only for the journal's other packages): the appender behind
 * {@link io.tailguard.journal.Journal}. {@link io.tailguard.journal.writer.SegmentWriter} writes
 * frames and rolls segments, {@link io.tailguard.journal.writer.ForceThread} forces them,
 * {@link io.tailguard.journal.writer.ForceSnapshot} is what one force covers,
 * {@link io.tailguard.journal.writer.CommitTracker} turns watermarks into commits and
 * {@link io.tailguard.journal.writer.AckGrace} decides when {@code ack-or-sync} forces.
 */
package io.tailguard.journal.writer;
