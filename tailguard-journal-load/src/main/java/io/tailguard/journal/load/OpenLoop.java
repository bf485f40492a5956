package io.tailguard.journal.load;

import io.tailguard.config.Check;
import io.tailguard.time.NanoClock;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.locks.LockSupport;
import java.util.random.RandomGenerator;

/**
 * Not thread-safe (one run at a time): an open-loop load generator. Message {@code i} is due at
 * {@code start + i / rate}; it is sent when due (or as soon as the sender is free, if it is
 * behind) and its latency is measured from its <em>intended</em> send time to its commit, so a
 * stalled sender does not hide the queueing it causes (no coordinated omission).
 *
 * <p>Waiting for a message: the generator spins only during the last {@code spinNanos} before it
 * is due and parks (through a {@link Parker}) before that, never sending a message early. With
 * {@code spinNanos} = {@link #SPIN_ALWAYS} it spins the whole time (every message leaves at its
 * due time, but the generator holds a core); with 0 it always parks, wakes late by the park's
 * overshoot (about 60 µs on our Linux machines: the default 50 µs timer slack plus the wake-up)
 * and then sends every message due by then back to back, so at high rates it sends in small
 * bursts and uses a fraction of a core. Either way latency runs from the intended time, so the
 * lateness is counted, not hidden.
 *
 * <p>Every message is {@code sizeBytes} long; bytes 0..7 hold its business value (little-endian
 * long, see {@link #LARGE_VALUE}) and bytes 8..15 its index. The first {@code warmupMessages} are
 * sent but not recorded. Nothing is allocated per message.
 */
public final class OpenLoop {

    /** The {@code spinNanos} that never parks: the generator spins until every message is due. */
    public static final long SPIN_ALWAYS = Long.MAX_VALUE;

    /**
     * Returns the {@code spinNanos} of a named pacing: {@code spin} ({@link #SPIN_ALWAYS}) or
     * {@code park} (0, always parks).
     *
     * @throws IllegalArgumentException for any other name
     */
    public static long spinNanos(String pacing) {
        return switch (pacing) {
            case "spin" -> SPIN_ALWAYS;
            case "park" -> 0;
            default -> throw new IllegalArgumentException("pacing must be spin or park but was " + pacing);
        };
    }

    /** The value a "large" message carries; others carry 1. */
    public static final long LARGE_VALUE = 1_000_000L;

    private final NanoClock clock;
    private final long spinNanos;
    private final Parker parker;
    private final long intervalNanos;
    private final int sizeBytes;
    private final int warmupMessages;
    private final long[] intendedNanos;
    private final double largeProbability;
    private final RandomGenerator random;
    private final LatencyRecorder recorder;
    private final boolean[] waitsForForce;
    private final int[] forcedQueue;
    private int queueHead;
    private int queueTail;
    private volatile long flaggedIndex = -1;
    private long plainCursor = -1;
    private long plainSeen = -1;
    private long forcedSeen = -1;
    private volatile boolean allCommitted;
    /** True while a reported commit is beyond the last sent message (reported during a send). */
    private volatile boolean unattributed;
    private long nextDueNanos;

    /** Sends one message; the target reports commits back through {@link #committedUpTo} or {@link #progress}. */
    @FunctionalInterface
    public interface Sender {
        /**
         * Sends {@code message} (position 0 to limit), the {@code index}-th message of the run (from 0).
         *
         * @return true if this message commits at the forced index of {@link #progress}, false if at
         *     the plain one
         */
        boolean send(ByteBuffer message, long index);
    }

    /** Parks the generator's thread; waking early or late is allowed, the loop reads the clock again before it sends. */
    @FunctionalInterface
    public interface Parker {
        /** Returns after about {@code nanos} nanoseconds (&gt; 0), or earlier, or later. */
        void parkNanos(long nanos);

        /** Returns the real one, {@link LockSupport#parkNanos(long)}. */
        static Parker system() {
            return LockSupport::parkNanos;
        }
    }

    /**
     * Creates a run that spins while it waits ({@link #SPIN_ALWAYS}); see the full constructor.
     */
    public OpenLoop(NanoClock clock, long ratePerSecond, int sizeBytes, int messages, int warmupMessages,
                    double largePerSecond, RandomGenerator random, LatencyRecorder recorder) {
        this(clock, SPIN_ALWAYS, Parker.system(), ratePerSecond, sizeBytes, messages, warmupMessages,
                largePerSecond, random, recorder);
    }

    /**
     * Creates a run.
     *
     * @param clock the time source
     * @param spinNanos spin only when the next message is due within this many nanoseconds, park
     *     before that; &gt;= 0 ({@link #SPIN_ALWAYS}: never park, 0: never spin)
     * @param parker how to park
     * @param ratePerSecond messages per second, &gt;= 1
     * @param sizeBytes bytes per message, &gt;= 16
     * @param messages messages to send including warm-up, &gt;= 1
     * @param warmupMessages leading messages not recorded, &gt;= 0 and &lt; messages
     * @param largePerSecond how many messages per second (on average) carry {@link #LARGE_VALUE}
     * @param random seeded source for which messages are large
     * @param recorder receives each recorded latency in nanoseconds
     */
    public OpenLoop(NanoClock clock, long spinNanos, Parker parker, long ratePerSecond, int sizeBytes, int messages,
                    int warmupMessages, double largePerSecond, RandomGenerator random, LatencyRecorder recorder) {
        this.clock = Check.notNull("clock", clock);
        this.spinNanos = Check.inRange("spinNanos", spinNanos, 0, Long.MAX_VALUE);
        this.parker = Check.notNull("parker", parker);
        Check.positive("ratePerSecond", ratePerSecond);
        Check.inRange("sizeBytes", sizeBytes, 16, Integer.MAX_VALUE);
        Check.positive("messages", messages);
        Check.inRange("warmupMessages", warmupMessages, 0, messages - 1L);
        this.intervalNanos = 1_000_000_000L / ratePerSecond;
        this.sizeBytes = sizeBytes;
        this.warmupMessages = warmupMessages;
        this.intendedNanos = new long[messages];
        this.waitsForForce = new boolean[messages];
        this.forcedQueue = new int[messages];
        this.largeProbability = Check.inRange("largePerSecond", largePerSecond, 0.0, ratePerSecond) / ratePerSecond;
        this.random = Check.notNull("random", random);
        this.recorder = Check.notNull("recorder", recorder);
    }

    /**
     * Sends every message when it is due (never earlier; later by a park's overshoot or a slow
     * send), then waits up to {@code drainNanos} for the last commit.
     *
     * @return true if every message committed in time
     */
    public boolean run(Sender sender, long drainNanos) {
        ByteBuffer message = ByteBuffer.allocateDirect(sizeBytes).order(ByteOrder.LITTLE_ENDIAN);
        long start = clock.nanoTime() + 1_000_000L;
        for (int i = 0; i < intendedNanos.length; i++) {
            long due = start + i * intervalNanos;
            intendedNanos[i] = due;
            awaitDue(due);
            nextDueNanos = i + 1 < intendedNanos.length ? due + intervalNanos : Long.MAX_VALUE;
            message.putLong(0, random.nextDouble() < largeProbability ? LARGE_VALUE : 1L);
            message.putLong(8, i);
            message.clear();
            waitsForForce[i] = sender.send(message, i);
            flaggedIndex = i;
            // a commit reported while send() ran could not be attributed yet; attribute it now.
            // Checked first so that the sending thread takes the monitor only when needed, not
            // once per message against the thread that reports commits
            if (unattributed) {
                catchUp();
            }
        }
        long deadline = clock.nanoTime() + drainNanos;
        while (!allCommitted && clock.nanoTime() < deadline) {
            if (unattributed) {
                catchUp();
            }
            parker.parkNanos(100_000L);
        }
        return allCommitted;
    }

    private void awaitDue(long dueNanos) {
        long now;
        while ((now = clock.nanoTime()) < dueNanos) {
            long waitNanos = dueNanos - now;
            if (waitNanos > spinNanos) {
                parker.parkNanos(waitNanos - spinNanos);
            } else {
                // spin, not yield: a yield hands the core to any runnable thread for a whole slice
                Thread.onSpinWait();
            }
        }
    }

    /**
     * Returns true, during {@link Sender#send}, when the next message is already due: a sender
     * that batches (group commit) should append it before flushing.
     */
    public boolean nextIsDue() {
        return clock.nanoTime() >= nextDueNanos;
    }

    /** Reports that every message up to {@code index} committed now, whichever class it is in. */
    public void committedUpTo(long index) {
        progress(index, index);
    }

    /**
     * Reports commit progress now: every message up to {@code plainIndex} whose send returned
     * false, and every message up to {@code forcedIndex} whose send returned true, committed.
     * Thread-safe; allocates nothing.
     */
    public synchronized void progress(long plainIndex, long forcedIndex) {
        plainSeen = Math.max(plainSeen, plainIndex);
        forcedSeen = Math.max(forcedSeen, forcedIndex);
        catchUp();
    }

    private synchronized void catchUp() {
        long now = clock.nanoTime();
        long flagged;
        do {
            flagged = flaggedIndex;
            long last = Math.min(plainSeen, flagged);
            for (long i = plainCursor + 1; i <= last; i++) {
                if (waitsForForce[(int) i]) {
                    forcedQueue[queueTail++] = (int) i;
                } else {
                    record(i, now);
                }
            }
            plainCursor = Math.max(plainCursor, last);
            unattributed = plainSeen > plainCursor;
            // the sender writes flaggedIndex before reading `unattributed`: if it moved meanwhile,
            // the sender may have missed the flag, so attribute again here
        } while (unattributed && flaggedIndex != flagged);
        while (queueHead < queueTail && forcedQueue[queueHead] <= forcedSeen) {
            record(forcedQueue[queueHead++], now);
        }
        if (plainCursor == intendedNanos.length - 1 && queueHead == queueTail) {
            allCommitted = true;
        }
    }

    private void record(long index, long now) {
        if (index >= warmupMessages) {
            recorder.record(index, Math.max(0, now - intendedNanos[(int) index]));
        }
    }
}
