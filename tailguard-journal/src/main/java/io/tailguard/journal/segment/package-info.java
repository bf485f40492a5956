/**
 * Segment files: the drawn byte layout ({@link io.tailguard.journal.segment.SegmentLayout}),
 * a memory-mapped segment that writes and checks CRC32C-framed records, and the scanner that
 * verifies a directory and cuts a torn tail on open.
 */
package io.tailguard.journal.segment;
