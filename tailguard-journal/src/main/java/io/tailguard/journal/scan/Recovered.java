package io.tailguard.journal.scan;

import io.tailguard.journal.segment.ScanReport;
import io.tailguard.journal.segment.Segment;
/**
 * Not thread-safe (holds the writable tail segment): where an appender resumes after recovery.
 *
 * @param tail the last segment, mapped writable
 * @param position byte offset of the next frame in {@code tail}
 * @param nextSequence sequence the next record gets
 * @param report what the scan found and cut
 */
public record Recovered(Segment tail, int position, long nextSequence, ScanReport report) {
}
