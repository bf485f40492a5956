package io.tailguard.journal;

import java.util.ArrayList;
import java.util.List;

/**
 * Not thread-safe: one force's view of the journal, filled by {@link SegmentWriter#beginForce}
 * under the append lock and then read by the force thread alone, which reuses it for every force.
 */
final class ForceSnapshot {
    /** The segment being written when the force began. */
    Segment segment;
    /** The write position in {@link #segment} when the force began. */
    int position;
    /** The highest written sequence when the force began. */
    long sequence;
    /** Segments rolled since the previous force; they must be forced completely. */
    List<Segment> rolled = new ArrayList<>();
}
