package io.tailguard.journal.load;

import io.tailguard.journal.CommitMode;
import io.tailguard.journal.ErrorHandler;
import io.tailguard.journal.durability.Durability;
import io.tailguard.journal.segment.FrameCodec;
import io.tailguard.journal.segment.SegmentLayout;
import io.tailguard.time.NanoClock;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Not thread-safe (a command): one open-loop run of durability {@code none} with {@code ack}
 * replication (replica in a child JVM), or with the commit mode given as a sixth argument
 * ({@code local} measures the roll without a replica), the generator's pacing as a seventh
 * ({@code spin}, the default, holds one core between messages; {@code park} leaves it to the
 * journal, as the Journal benchmark's default does) and the primary's durability as an eighth
 * ({@code none}, the default, or {@code sync}: each record waits for a force, and the blanks'
 * zeros are forced a chunk at a time beside those forces), that splits the latencies into messages sent within
 * 100 ms of a segment roll and the rest. Every message has the same size and the journals are
 * fresh, so the messages that roll are known in advance: message {@code i} is record {@code i + 1}
 * and a segment holds {@code (segmentSize - header - roll marker) / alignedFrame} records.
 *
 * <pre>
 *   java -cp JARS io.tailguard.journal.load.RollLatency /tmp/roll-run 50000 1024 8388608 10
 *   # dir, rate per second, message bytes, segment bytes, recorded seconds (after 1 s of warm-up)
 *   java -cp JARS io.tailguard.journal.load.RollLatency /tmp/roll-run 50000 1024 8388608 10 local
 *   java -cp JARS io.tailguard.journal.load.RollLatency /tmp/roll-run 50000 1024 8388608 10 ack park
 *   java -cp JARS io.tailguard.journal.load.RollLatency /tmp/roll-run 50000 1024 8388608 10 local spin sync
 * </pre>
 */
public final class RollLatency {

    private static final long NEAR_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private RollLatency() {
    }

    /** Runs once and prints one line per class of message (near a roll, the rest, all). */
    public static void main(String[] args) {
        if (args.length < 5 || args.length > 8) {
            System.err.println("usage: RollLatency DIR RATE SIZE SEGMENT_BYTES SECONDS [MODE [PACING [DURABILITY]]], e.g."
                    + " /tmp/roll-run 50000 1024 8388608 10 (MODE: local, ack (the default), ack-or-sync or ack-and-sync;"
                    + " PACING: spin (the default) holds a core between messages, park leaves it to the journal;"
                    + " DURABILITY: none (the default) or sync)");
            System.exit(2);
        }
        CommitMode mode = args.length >= 6 ? commitMode(args[5]) : CommitMode.ACK;
        long spinNanos = args.length >= 7 ? spinNanos(args[6]) : OpenLoop.SPIN_ALWAYS;
        Durability durability = args.length == 8 ? durability(args[7]) : Durability.none();
        Path dir = Path.of(args[0]);
        int rate = Integer.parseInt(args[1]);
        int size = Integer.parseInt(args[2]);
        int segment = Integer.parseInt(args[3]);
        int seconds = Integer.parseInt(args[4]);
        int warmup = rate;
        int messages = warmup + rate * seconds;
        long[] latency = new long[messages];
        Arrays.fill(latency, -1);
        OpenLoop loop = new OpenLoop(NanoClock.system(), spinNanos, OpenLoop.Parker.system(), rate, size, messages, warmup, 0,
                new SplittableRandom(3), new LatencyRecorder() {
                    @Override
                    public void record(long latencyNanos) {
                        throw new UnsupportedOperationException("indexed only");
                    }

                    @Override
                    public void record(long index, long latencyNanos) {
                        latency[(int) index] = latencyNanos;
                    }
                });
        boolean complete = JournalRun.run(dir, durability, mode, null, true, segment, b -> b, loop,
                ErrorHandler.logging(), TimeUnit.SECONDS.toNanos(30));
        int perSegment = (segment - SegmentLayout.HEADER_LENGTH - SegmentLayout.ALIGNMENT)
                / SegmentLayout.align(FrameCodec.HEADER_LENGTH + size);
        long near = NEAR_NANOS * rate / TimeUnit.SECONDS.toNanos(1); // messages within 100 ms of a roll
        long[][] split = split(latency, warmup, perSegment, near);
        System.out.printf("complete=%s rolls=%d perSegment=%d%n", complete, (messages - 1) / perSegment, perSegment);
        print("near-roll", split[0]);
        print("rest", split[1]);
        print("all", split[2]);
    }

    private static CommitMode commitMode(String label) {
        for (CommitMode mode : CommitMode.values()) {
            if (mode.label().equals(label)) {
                return mode;
            }
        }
        System.err.println("RollLatency: MODE must be local, ack, ack-or-sync or ack-and-sync but was '" + label + "'");
        System.exit(2);
        return CommitMode.ACK; // not reached
    }

    private static Durability durability(String label) {
        if (label.equals("none")) {
            return Durability.none();
        }
        if (label.equals("sync")) {
            return Durability.sync();
        }
        System.err.println("RollLatency: DURABILITY must be none or sync but was '" + label + "'");
        System.exit(2);
        return Durability.none(); // not reached
    }

    private static long spinNanos(String pacing) {
        try {
            return OpenLoop.spinNanos(pacing);
        } catch (IllegalArgumentException e) {
            System.err.println("RollLatency: PACING must be spin or park but was '" + pacing + "'");
            System.exit(2);
            return 0; // not reached
        }
    }

    /** Splits recorded latencies into {near a roll, the rest, all}, each sorted. */
    static long[][] split(long[] latency, int warmup, int perSegment, long near) {
        long[] nearRoll = new long[latency.length];
        long[] rest = new long[latency.length];
        long[] all = new long[latency.length];
        int n = 0;
        int r = 0;
        int a = 0;
        for (int i = warmup; i < latency.length; i++) {
            if (latency[i] < 0) {
                continue;
            }
            long below = (long) (i / perSegment) * perSegment; // the roll at or before i (index 0: none)
            long distance = Math.min(below == 0 ? Long.MAX_VALUE : i - below, below + perSegment - i);
            if (distance <= near) {
                nearRoll[n++] = latency[i];
            } else {
                rest[r++] = latency[i];
            }
            all[a++] = latency[i];
        }
        long[][] out = {Arrays.copyOf(nearRoll, n), Arrays.copyOf(rest, r), Arrays.copyOf(all, a)};
        for (long[] x : out) {
            Arrays.sort(x);
        }
        return out;
    }

    private static void print(String name, long[] sorted) {
        System.out.printf("%s n=%d p50=%.1f p99=%.1f p99.9=%.1f max=%.1f (us)%n", name, sorted.length,
                at(sorted, 0.5), at(sorted, 0.99), at(sorted, 0.999), at(sorted, 1.0));
    }

    private static double at(long[] sorted, double q) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int i = (int) Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1);
        return sorted[Math.max(0, i)] / 1000.0;
    }
}
