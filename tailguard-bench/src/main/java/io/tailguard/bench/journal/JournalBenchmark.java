package io.tailguard.bench.journal;

import io.tailguard.config.DurationText;
import io.tailguard.journal.CommitMode;
import io.tailguard.journal.ErrorHandler;
import io.tailguard.journal.JournalConfig;
import io.tailguard.journal.durability.Durability;
import io.tailguard.journal.load.JournalRun;
import io.tailguard.journal.load.OpenLoop;
import io.tailguard.time.NanoClock;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Not thread-safe (JMH state, one thread): the open-loop benchmark of the published durability
 * comparison: 1 KB messages at 50K/s and 200K/s, latency from each
 * message's intended send time to its commit (HdrHistogram), for tailguard's journal (none, sync,
 * selective 10/s; local, ack, ack-or-sync, replica on loopback in a child JVM, or in this one with
 * {@code -p replica=thread}) and Chronicle
 * Queue open source with and without {@code sync()}, in the same run; the load generator parks
 * between messages ({@code -p pacing=spin} holds a core instead). Each combination runs in its
 * own fork; JMH's score is just the run's wall time, the percentiles are printed as
 * {@code JOURNAL-RESULT} lines and appended to {@code journal-openloop.csv} in the working directory.
 *
 * <p>How to run (about 16 x 15 s):
 * <pre>
 * mvn -pl tailguard-bench -am package -DskipTests
 * java -jar tailguard-bench/target/benchmarks.jar JournalBenchmark -p seconds=10
 * java -jar tailguard-bench/target/benchmarks.jar JournalBenchmark -p rate=200000 -p subject=none+local,chronicle
 * java -jar tailguard-bench/target/benchmarks.jar JournalBenchmark -p rate=200000 \
 *     -p subject=none+ack-or-sync,sync+local -p ackGrace=0,2ms,5ms
 * java -jar tailguard-bench/target/benchmarks.jar JournalBenchmark -p rate=200000 \
 *     -p subject=none+ack-or-sync,sync+local -p linger=0,200us
 * </pre>
 * {@code ackGrace} is {@code ack-or-sync}'s grace ({@code 0}: force every record continuously);
 * {@code linger} the primary's replication linger ({@code 0}: send every record at once). Only
 * the replicated subjects use them, so give them with a {@code -p subject} list of those (every
 * value of each multiplies all forks).
 * Journals live under {@code -Dtailguard.bench.dir} (default {@code journal-bench-data} in the
 * working directory, which should be on the disk you mean to measure).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
@Fork(value = 1, jvmArgsAppend = {
    "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
    "--add-opens=java.base/java.lang=ALL-UNNAMED",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED",
    "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
    "--add-exports=jdk.unsupported/sun.misc=ALL-UNNAMED",
    "-Dchronicle.analytics.disable=true",
    "-Xmx1g"
})
public class JournalBenchmark {

    /** Columns of the {@code JOURNAL-RESULT} lines and of {@code journal-openloop.csv}. */
    private static final String CSV_HEADER = "subject,pacing,ack_grace,linger,rate,size_bytes,messages,complete,"
            + "p50_us,p90_us,p99_us,p999_us,p9999_us,max_us";

    @Param({"50000", "200000"})
    long rate;

    @Param({"none+local", "none+ack", "sync+ack", "selective10+ack", "none+ack-or-sync", "sync+local",
        "chronicle", "chronicle+sync"})
    String subject;

    /** Where the replica runs: {@code process} (a child JVM on loopback, as deployed) or {@code thread} (this JVM). */
    @Param("process")
    String replica;

    /**
     * How the load generator waits: {@code park} (sleeps, sends what is due on waking, about 60 µs
     * late; latency still from each intended time) or {@code spin} (each message at its due time,
     * but the generator holds one of the machine's cores).
     */
    @Param("park")
    String pacing;

    /**
     * {@code ack-or-sync}'s grace ({@link JournalConfig#ackGrace()}): how long a message may wait
     * for the replica before the primary forces it; {@code 0} forces continuously.
     */
    @Param("2ms")
    String ackGrace;

    /**
     * The primary's replication linger ({@link JournalConfig#replicationLinger()}): how long its
     * sender waits after a send that took every written record; {@code 0} never waits.
     */
    @Param("0")
    String linger;

    @Param("1024")
    int size;

    @Param("10")
    int seconds;

    @Param("1")
    int warmupSeconds;

    private Histogram histogram;
    private OpenLoop loop;
    private Path dir;
    private boolean complete;

    /** Prepares the histogram, the open loop and the run's directory. */
    @Setup(Level.Trial)
    public void setUp() {
        histogram = new Histogram(3);
        int messages = (int) (rate * (seconds + warmupSeconds));
        double largePerSecond = subject.startsWith("selective10") ? 10 : 0;
        loop = new OpenLoop(NanoClock.system(), OpenLoop.spinNanos(pacing), OpenLoop.Parker.system(), rate, size, messages, (int) (rate * warmupSeconds), largePerSecond,
                new SplittableRandom(3), histogram::recordValue);
        dir = Path.of(System.getProperty("tailguard.bench.dir", "journal-bench-data"))
                .resolve(subject.replace('+', '-') + "-" + rate);
    }

    /** One open-loop run of the subject; returns whether every message committed. */
    @Benchmark
    public boolean openLoop() {
        long drainNanos = TimeUnit.SECONDS.toNanos(60);
        ErrorHandler errors = (message, cause) -> System.err.println("journal: " + message);
        if (subject.startsWith("chronicle")) {
            JournalRun.deleteTree(dir);
            try (ChronicleSender sender = new ChronicleSender(dir, subject.endsWith("+sync"))) {
                sender.attach(loop);
                complete = loop.run(sender, drainNanos);
            } finally {
                JournalRun.deleteTree(dir);
            }
        } else {
            String[] parts = subject.split("\\+");
            Durability durability = switch (parts[0]) {
                case "none" -> Durability.none();
                case "sync" -> Durability.sync();
                case "selective10" -> new Durability.Selective(Durability.Selective.longAt(0), OpenLoop.LARGE_VALUE,
                        rate, Duration.ofMillis(100), "selective:10/s"); // 100 ms write-behind, as the CLI
                default -> throw new IllegalArgumentException("subject must be known but was " + subject);
            };
            CommitMode mode = "local".equals(parts[1]) ? CommitMode.LOCAL : CommitMode.parse(parts[1]);
            Duration grace = DurationText.parseNonNegative("ackGrace", ackGrace);
            Duration lingerTime = DurationText.parseNonNegative("linger", linger);
            complete = JournalRun.run(dir, durability, mode, null, "process".equals(replica),
                    JournalConfig.DEFAULT_SEGMENT_SIZE, b -> b.ackGrace(grace).replicationLinger(lingerTime),
                    loop, errors, drainNanos);
        }
        return complete;
    }

    /** Prints the percentiles and appends them to {@code journal-openloop.csv}. */
    @TearDown(Level.Trial)
    public void report() {
        Histogram h = histogram;
        String line = String.format(Locale.ROOT, "%s,%s,%s,%s,%d,%d,%d,%s,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f", subject, pacing,
                ackGrace, linger, rate, size, h.getTotalCount(), complete, us(h.getValueAtPercentile(50)),
                us(h.getValueAtPercentile(90)), us(h.getValueAtPercentile(99)), us(h.getValueAtPercentile(99.9)),
                us(h.getValueAtPercentile(99.99)), us(h.getMaxValue()));
        System.out.println();
        System.out.println("JOURNAL-RESULT " + CSV_HEADER);
        System.out.println("JOURNAL-RESULT " + line);
        Path csv = Path.of("journal-openloop.csv");
        try {
            if (!Files.exists(csv)) {
                Files.writeString(csv, CSV_HEADER + "\n", StandardCharsets.UTF_8);
            } else if (!CSV_HEADER.equals(firstLine(csv))) {
                System.err.println("journal: " + csv.toAbsolutePath() + " has another header (an older version's);"
                        + " move it away to collect rows there. This row is only in the JOURNAL-RESULT line above.");
                return;
            }
            Files.writeString(csv, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String firstLine(Path file) throws IOException {
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return r.readLine();
        }
    }

    private static double us(long nanos) {
        return nanos / 1000.0;
    }
}
