/**
 * The journal's segment files. Public API: the on-disk format and the verdicts of a scan, that is
 * the drawn segment header ({@link io.tailguard.journal.segment.SegmentLayout}), the one frame
 * codec used on disk and on the replication wire ({@link io.tailguard.journal.segment.FrameCodec},
 * {@link io.tailguard.journal.segment.HistoryDigest}), and what a scan reports
 * ({@link io.tailguard.journal.segment.ScanReport}, {@link io.tailguard.journal.segment.Damage},
 * {@link io.tailguard.journal.segment.FrameStatus},
 * {@link io.tailguard.journal.segment.JournalCorruptedException}).
 *
 * <p>Internal, not an API (public only for the journal's other packages): a mapped segment
 * ({@link io.tailguard.journal.segment.Segment}), the next file and how its blocks are allocated
 * ({@link io.tailguard.journal.segment.Blank}, {@link io.tailguard.journal.segment.Zeroing}), the
 * thread that prepares and retires them ({@link io.tailguard.journal.segment.SegmentPreparer}),
 * the directory's files and lock ({@link io.tailguard.journal.segment.SegmentFiles},
 * {@link io.tailguard.journal.segment.DirectoryLock}) and {@link io.tailguard.journal.segment.Unmapper}.
 */
package io.tailguard.journal.segment;
