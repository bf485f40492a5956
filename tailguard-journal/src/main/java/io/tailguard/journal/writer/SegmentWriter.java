package io.tailguard.journal.writer;

import io.tailguard.journal.JournalConfig;
import io.tailguard.journal.JournalId;
import io.tailguard.journal.durability.DurabilityPolicy;
import io.tailguard.journal.scan.Recovered;
import io.tailguard.journal.segment.Blank;
import io.tailguard.journal.segment.FrameCodec;
import io.tailguard.journal.segment.Segment;
import io.tailguard.journal.segment.SegmentFiles;
import io.tailguard.journal.segment.SegmentLayout;
import io.tailguard.journal.segment.SegmentPreparer;
import io.tailguard.journal.segment.Zeroing;
import io.tailguard.time.NanoClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.function.Consumer;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * Thread-safe: the journal's writing end. Under its append lock it frames each record into the
 * current segment, rolls to a prepared segment when the current one is full, asks the durability
 * policy whether the record must wait for a force and publishes the {@code written} and
 * {@code mustForceUpTo} watermarks. The force thread takes its snapshot under the same lock.
 * Appending allocates nothing.
 */
public final class SegmentWriter {

    private final Path directory;
    private final int segmentSizeBytes;
    private final NanoClock clock;
    private final DurabilityPolicy policy;
    /** The next blank ({@link SegmentPreparer#takeForRoll()}), or null when none is ready or in preparation. */
    private final Supplier<Blank> blanks;
    private final AckGrace grace;
    /** The journal's identity, written into the header of every segment this writer rolls to. */
    private final JournalId identity;
    private final ReentrantLock appendLock = new ReentrantLock();

    private Segment current;
    private int position;
    /** {@link #position} for the preparer's pace, written with opaque stores (no fence per append). */
    private final AtomicInteger fill;
    private long nextSequence;
    private List<Segment> rolled = new ArrayList<>();
    /**
     * Without a force thread (durability {@code none}, no forcing mode): where rolled segments go
     * to be unmapped off this thread, instead of staying mapped in {@link #rolled} until an
     * explicit force (one mapping per segment ever written, until the process ran out of them);
     * null with a force thread, which forces them through their mappings.
     */
    private final Consumer<Segment> retire;
    /** With {@link #retire}: the base of the first segment rolled since the last {@link #forceAll}, or -1. */
    private long firstUnforcedBase = -1;
    private ByteBuffer wrapped;

    private volatile long written;
    private volatile long mustForceUpTo;
    private volatile long forceDueAtNanos = DurabilityPolicy.NEVER;
    private volatile boolean closed;
    private boolean released;

    /** Continues after what recovery kept, forcing the kept tail once so that it counts as forced. */
    public SegmentWriter(Recovered recovered, JournalConfig config, JournalId identity, DurabilityPolicy policy,
                  Supplier<Blank> blanks, AckGrace grace) {
        this(recovered, config, identity, policy, blanks, grace, null);
    }

    /**
     * As above; {@code retire}, for a journal without a force thread, takes each rolled segment
     * to unmap it off the append path (see {@link #retire}).
     */
    public SegmentWriter(Recovered recovered, JournalConfig config, JournalId identity, DurabilityPolicy policy,
                  Supplier<Blank> blanks, AckGrace grace, Consumer<Segment> retire) {
        this.retire = retire;
        this.identity = identity;
        this.directory = config.directory();
        this.segmentSizeBytes = config.segmentSizeBytes();
        this.clock = config.clock();
        this.policy = policy;
        this.blanks = blanks;
        this.grace = grace;
        this.current = recovered.tail();
        this.position = recovered.position();
        this.nextSequence = recovered.nextSequence();
        // what recovery kept may still be only in the page cache (a process crash keeps it there)
        current.force(0, position);
        this.written = nextSequence - 1;
        this.fill = new AtomicInteger(position);
    }

    /**
     * Appends {@code payload}'s remaining bytes (position unchanged); returns {@code sequence * 2},
     * plus 1 when the policy made the record wait for a force.
     */
    public long append(ByteBuffer payload) {
        appendLock.lock();
        try {
            checkOpen();
            long seq = reserve(payload.remaining());
            long nowNanos = clock.nanoTime();
            boolean mustForce = policy.onAppend(payload, nowNanos);
            position = current.append(position, seq, payload);
            publish(seq, mustForce, nowNanos);
            return seq << 1 | (mustForce ? 1 : 0);
        } finally {
            appendLock.unlock();
        }
    }

    /** Appends {@code payload[offset, offset + length)}; see {@link #append(ByteBuffer)}. */
    public long append(byte[] payload, int offset, int length) {
        appendLock.lock();
        try {
            checkOpen();
            long seq = reserve(length);
            if (wrapped == null || wrapped.array() != payload) {
                wrapped = ByteBuffer.wrap(payload);
            }
            wrapped.clear().position(offset).limit(offset + length);
            long nowNanos = clock.nanoTime();
            boolean mustForce = policy.onAppend(wrapped, nowNanos);
            position = current.append(position, seq, payload, offset, length);
            publish(seq, mustForce, nowNanos);
            return seq << 1 | (mustForce ? 1 : 0);
        } finally {
            appendLock.unlock();
        }
    }

    /**
     * Appends the frame of {@code frameLength} bytes at {@code at} in {@code buf} as it is, CRC32C
     * included: a replica's record, whose checksum and sequence its connection already checked, so
     * it is not computed a second time. Leaves {@code buf}'s position at the payload and its limit
     * at the frame's end. Returns like {@link #append(ByteBuffer)}.
     *
     * @throws IllegalStateException when the frame's sequence is not the next one
     */
    public long appendFrame(ByteBuffer buf, int at, int frameLength) {
        appendLock.lock();
        try {
            checkOpen();
            long seq = reserve(frameLength - FrameCodec.HEADER_LENGTH);
            if (FrameCodec.sequence(buf, at) != seq) {
                throw new IllegalStateException("frame sequence must be " + seq + " but was "
                        + FrameCodec.sequence(buf, at));
            }
            buf.limit(at + frameLength).position(at + FrameCodec.HEADER_LENGTH);
            long nowNanos = clock.nanoTime();
            boolean mustForce = policy.onAppend(buf, nowNanos);
            position = current.appendFrame(position, buf, at, frameLength, 0); // the wire carries record checksums unmasked
            publish(seq, mustForce, nowNanos);
            return seq << 1 | (mustForce ? 1 : 0);
        } finally {
            appendLock.unlock();
        }
    }

    private long reserve(int length) {
        if (length > SegmentLayout.maxPayload(segmentSizeBytes)) {
            throw new IllegalArgumentException("payload length must be <= "
                    + SegmentLayout.maxPayload(segmentSizeBytes) + " but was " + length);
        }
        long seq = nextSequence;
        if (!current.fits(position, length)) {
            roll(seq);
        }
        return seq;
    }

    /**
     * Rolls to a new segment whose first record is {@code seq}. When that fails (no blank is ready
     * and the file system cannot allocate one, or the rename fails) nothing changed: the current
     * segment, its position and the next sequence are as before, so the record is not written and
     * the next append tries the roll again.
     *
     * @throws UncheckedIOException naming the directory, the record and the cause (for a full
     *     disk: the bytes the segment needs and the usable space)
     */
    private void roll(long seq) {
        // the preparer paces the next blank by this fill: from now on it is the new segment's,
        // so a preparer that looks during the roll does not start touching the next blank at
        // once (it did, and preempted this thread for ~3 ms on a 2-core machine; decision 023)
        fill.setOpaque(0);
        Blank blank = null;
        Segment next;
        try {
            blank = blanks.get();
            if (blank == null) {
                // the preparer has not started a blank, or cannot allocate one: allocate now,
                // its zeros written but neither forced nor touched (decision 045)
                blank = Zeroing.allocateLate(directory, "rolling-" + seq + Segment.TMP_SUFFIX, segmentSizeBytes);
            }
            next = Segment.activate(blank, directory, seq, identity, current.digest());
        } catch (UncheckedIOException e) {
            fill.setOpaque(position); // still writing the current segment
            if (blank != null) {
                blank.deleteQuietly();
            }
            throw new UncheckedIOException("cannot roll " + directory + " to a new segment, so record " + seq
                    + " is not written: " + e.getMessage(), e.getCause());
        }
        current.appendRollMarker(position);
        if (retire == null) {
            rolled.add(current);
        } else {
            if (firstUnforcedBase < 0) {
                firstUnforcedBase = current.baseSequence();
            }
            retire.accept(current);
        }
        current = next;
        position = SegmentLayout.HEADER_LENGTH;
    }

    private void publish(long seq, boolean mustForce, long nowNanos) {
        nextSequence = seq + 1;
        fill.setOpaque(position);
        if (grace != null) {
            grace.onWritten(seq, nowNanos);
        }
        if (mustForce) {
            mustForceUpTo = seq;
        }
        written = seq;
        forceDueAtNanos = policy.forceDueAtNanos();
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("journal " + directory + " is closed");
        }
    }

    /** Refuses every later append. */
    public void close() {
        closed = true;
    }

    /**
     * After {@link #close()}: waits for an append still under way, then unmaps every segment this
     * writer holds when {@code unmap} (no other thread forces them any more).
     */
    public void release(boolean unmap) {
        appendLock.lock();
        try {
            if (!released && unmap) {
                released = true;
                rolled.forEach(Segment::close);
                rolled.clear();
                current.close();
            }
        } finally {
            appendLock.unlock();
        }
    }

    /** Returns true once {@link #close()} was called. */
    public boolean closed() {
        return closed;
    }

    /** Returns the highest written (visible) sequence. */
    public long written() {
        return written;
    }

    /** Returns the highest sequence the policy made wait for a force, 0 if none. */
    public long mustForceUpTo() {
        return mustForceUpTo;
    }

    /** Returns when the policy next wants a force, 0 for now, or {@link DurabilityPolicy#NEVER}. */
    public long forceDueAtNanos() {
        return forceDueAtNanos;
    }

    /**
     * Starts a force: records where the writer is, swaps out the segments rolled since the last
     * force (the two lists trade places, nothing is copied) and tells the policy. Called only by
     * the force thread.
     */
    public void beginForce(ForceSnapshot snapshot) {
        appendLock.lock();
        try {
            snapshot.segment = current;
            snapshot.position = position;
            snapshot.sequence = written;
            List<Segment> done = rolled;
            rolled = snapshot.rolled;
            snapshot.rolled = done;
            policy.onForce(clock.nanoTime());
            forceDueAtNanos = policy.forceDueAtNanos();
        } finally {
            appendLock.unlock();
        }
    }

    /**
     * Forces everything written so far on the calling thread, holding the append lock; for a
     * journal without a force thread. Returns the highest sequence now forced.
     */
    public long forceAll() {
        appendLock.lock();
        try {
            if (released) {
                return written; // closed and unmapped: everything was forced or is the policy's to lose
            }
            for (Segment s : rolled) {
                s.force(0, s.sizeBytes());
                s.close(); // rolled: nothing writes it any more
            }
            rolled.clear();
            if (firstUnforcedBase >= 0) {
                forceRetired(firstUnforcedBase, current.baseSequence());
                firstUnforcedBase = -1;
            }
            current.force(0, position);
            return written;
        } finally {
            appendLock.unlock();
        }
    }

    /**
     * Forces the files of the retired segments whose bases are in {@code [from, to)} through a
     * channel of their own: on Linux {@code fsync(2)} writes back a file's dirty pages whoever
     * dirtied them, including a mapping already unmapped.
     */
    private void forceRetired(long from, long to) {
        for (long base : SegmentFiles.of(directory).bases()) {
            if (base >= from && base < to) {
                Path file = directory.resolve(SegmentLayout.fileName(base));
                try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                    ch.force(false);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot force " + file + ": " + e, e);
                }
            }
        }
    }

    /** Returns the bytes written in the current segment, read from another thread (the preparer's pace). */
    public int fill() {
        return fill.getOpaque();
    }

    /** Returns the segment being written (for the force thread's start). */
    public Segment current() {
        return current;
    }

    /** Returns the write position in {@link #current()}. */
    public int position() {
        return position;
    }
}
