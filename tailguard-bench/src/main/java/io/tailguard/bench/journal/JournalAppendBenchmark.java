package io.tailguard.bench.journal;

import io.tailguard.journal.Journal;
import io.tailguard.journal.JournalConfig;
import io.tailguard.journal.durability.Durability;
import io.tailguard.journal.load.JournalRun;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import net.openhft.chronicle.bytes.BytesStore;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
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
 * Not thread-safe (JMH state, one thread): closed-loop cost of one append, to prove the append path allocates nothing per record
 * ({@code gc.alloc.rate.norm} with {@code -prof gc}), with Chronicle Queue's append in the same
 * run. {@code tailguard-none} is {@code appendNoWait} (commit at write); {@code tailguard-sync} is
 * {@code appendBlocking} with durability sync (waits for the group force).
 *
 * <p>How to run:
 * <pre>
 * java -jar tailguard-bench/target/benchmarks.jar JournalAppendBenchmark -f 1 -wi 2 -w 1s -i 3 -r 1s -prof gc
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {
    "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
    "--add-opens=java.base/java.lang=ALL-UNNAMED",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED",
    "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
    "--add-exports=jdk.unsupported/sun.misc=ALL-UNNAMED",
    "-Dchronicle.analytics.disable=true"
})
public class JournalAppendBenchmark {

    @Param({"tailguard-none", "tailguard-sync", "chronicle"})
    String subject;

    @Param("64")
    int size;

    private Path dir;
    private ByteBuffer message;
    private Journal journal;
    private ChronicleQueue queue;
    private ExcerptAppender appender;
    private BytesStore<?, ByteBuffer> store;

    /** Opens the subject on a fresh directory. */
    @Setup(Level.Trial)
    public void setUp() {
        dir = Path.of(System.getProperty("tailguard.bench.dir", "journal-bench-data")).resolve("append-" + subject);
        JournalRun.deleteTree(dir);
        message = ByteBuffer.allocateDirect(size).order(ByteOrder.LITTLE_ENDIAN);
        switch (subject) {
            case "tailguard-none" -> journal = Journal.open(JournalConfig.of(dir));
            case "tailguard-sync" -> journal = Journal.open(JournalConfig.builder(dir).durability(Durability.sync()).build());
            case "chronicle" -> {
                queue = SingleChronicleQueueBuilder.single(dir.toFile()).build();
                appender = queue.createAppender();
                store = BytesStore.wrap(message);
            }
            default -> throw new IllegalArgumentException("subject must be known but was " + subject);
        }
    }

    /** Appends one message. */
    @Benchmark
    public long append() {
        message.putLong(0, 1L);
        return switch (subject) {
            case "tailguard-none" -> journal.appendNoWait(message);
            case "tailguard-sync" -> journal.appendBlocking(message);
            default -> {
                appender.writeBytes(store);
                yield 0L;
            }
        };
    }

    /** Closes the subject and deletes its files. */
    @TearDown(Level.Trial)
    public void tearDown() {
        if (journal != null) {
            journal.close();
        }
        if (appender != null) {
            appender.close();
            queue.close();
        }
        JournalRun.deleteTree(dir);
    }
}
