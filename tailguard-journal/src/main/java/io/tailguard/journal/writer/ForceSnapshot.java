package io.tailguard.journal.writer;

import io.tailguard.journal.segment.Segment;
import java.util.ArrayList;
import java.util.List;

/**
 * Not thread-safe: one force's view of the journal, filled by {@link SegmentWriter#beginForce}
 * under the append lock and then read by the force thread alone, which reuses it for every force.
 */
public final class ForceSnapshot {
    /** The segment being written when the force began. */
    public Segment segment;
    /** The write position in {@link #segment} when the force began. */
    public int position;
    /** The highest written sequence when the force began. */
    public long sequence;
    /** Segments rolled since the previous force; they must be forced completely. */
    public List<Segment> rolled = new ArrayList<>();
}
