/**
 * Segment files: the drawn byte layout ({@link io.tailguard.journal.segment.SegmentLayout}),
 * a memory-mapped segment that writes and checks CRC32C-framed records, and the scanner that
 * reads a directory without changing it and decides what opening may do: continue, cut a torn
 * tail, or refuse with the file, the byte offset and the reason ({@link io.tailguard.journal.SegmentScanner}).
 */
package io.tailguard.journal.segment;
