/**
 * The journal's on-disk format and the verdicts of a scan: the drawn segment header
 * ({@link io.tailguard.journal.segment.SegmentLayout}), the one frame codec used on disk and on
 * the replication wire ({@link io.tailguard.journal.segment.FrameCodec}), and what a scan reports
 * ({@link io.tailguard.journal.segment.ScanReport}, {@link io.tailguard.journal.segment.Damage},
 * {@link io.tailguard.journal.segment.JournalCorruptedException}). Reading and writing segment
 * files is the journal package's own business.
 */
package io.tailguard.journal.segment;
