package io.tailguard.bench.journal;

import io.tailguard.journal.Journal;
import io.tailguard.journal.JournalConfig;
import io.tailguard.journal.load.JournalRun;
import io.tailguard.journal.scan.RecordReader;
import io.tailguard.journal.scan.SegmentScanner;
import io.tailguard.journal.segment.Segment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Not thread-safe (JMH state, one thread): what a reader pays across a segment roll, from the last
 * record of a full segment through the roll marker to the one record of the next segment and its
 * first wait there (a poll that finds nothing). {@code beside} keeps the journal open in this JVM,
 * as the replication sender always has it: the wait asks the writer's watermark. {@code alone}
 * closes it first, as for a tailer in another process: the wait reads the rest of the new segment
 * for proof of damage. No Chronicle Queue subject: its queue rolls by time (cycles), not by size,
 * so it has no like-for-like roll to read across.
 *
 * <p>How to run:
 * <pre>
 * java -jar tailguard-bench/target/benchmarks.jar JournalRollWaitBenchmark -f 1 -wi 3 -i 5
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1)
public class JournalRollWaitBenchmark {

    @Param({"beside", "alone"})
    String writer;

    @Param("33554432")
    int segmentBytes;

    @Param("1024")
    int size;

    private Path dir;
    private Journal journal;
    private long lastOfFirst;
    private RecordReader reader;
    /** The segments the reader left, unmapped after the invocation as the sender's preparer does off its thread. */
    private final List<Segment> retired = new ArrayList<>();
    private long lookAheads;

    /** Writes a journal whose first segment is full and whose second holds one record. */
    @Setup(Level.Trial)
    public void setUp() {
        dir = Path.of(System.getProperty("tailguard.bench.dir", "journal-bench-data")).resolve("roll-wait-" + writer);
        JournalRun.deleteTree(dir);
        journal = Journal.open(JournalConfig.builder(dir).segmentSizeBytes(segmentBytes).build());
        byte[] payload = new byte[size];
        long seq = 0;
        while (SegmentScanner.bases(dir).size() < 2) {
            seq = journal.appendBlocking(payload);
        }
        List<Long> bases = SegmentScanner.bases(dir);
        if (bases.get(1) != seq) {
            throw new IllegalStateException("the second segment must start at the last record " + seq
                    + " but starts at " + bases.get(1));
        }
        lastOfFirst = seq - 1;
        if (writer.equals("alone")) {
            journal.close();
            journal = null;
        }
    }

    /** Opens a reader that has read the last record of the first segment. */
    @Setup(Level.Invocation)
    public void openReader() {
        reader = RecordReader.open(dir, lastOfFirst, retired::add);
        if (!reader.pollFrame((seq, frame) -> { })) {
            throw new IllegalStateException("record " + lastOfFirst + " must be readable");
        }
    }

    /** Reads through the roll to the next segment's record, then waits once. */
    @Benchmark
    public boolean rollThenWait() {
        if (!reader.pollFrame((seq, frame) -> { })) {
            throw new IllegalStateException("the second segment's record must be readable");
        }
        return reader.pollFrame((seq, frame) -> { });
    }

    /** Closes the reader, keeping its look-ahead count for the trial's check. */
    @TearDown(Level.Invocation)
    public void closeReader() {
        lookAheads += reader.lookAheads();
        reader.close();
        retired.forEach(Segment::close);
        retired.clear();
    }

    /** Checks the subject did what it names, then closes the journal and deletes the data. */
    @TearDown(Level.Trial)
    public void tearDown() {
        if (writer.equals("beside") != (lookAheads == 0)) {
            throw new IllegalStateException(writer + ": the reader looked ahead " + lookAheads + " times");
        }
        if (journal != null) {
            journal.close();
        }
        JournalRun.deleteTree(dir);
    }
}
