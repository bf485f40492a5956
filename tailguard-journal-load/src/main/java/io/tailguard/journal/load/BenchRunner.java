package io.tailguard.journal.load;

import io.tailguard.journal.CommitMode;
import io.tailguard.journal.ErrorHandler;
import io.tailguard.journal.JournalConfig;
import io.tailguard.time.NanoClock;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.HdrHistogram.Histogram;

/** Not thread-safe: runs one open-loop combination of durability and replication against fresh journals. */
public final class BenchRunner {

    private static final long DRAIN_NANOS = TimeUnit.SECONDS.toNanos(60);

    private final BenchData data;
    private final long rate;
    private final int sizeBytes;
    private final int messages;
    private final int warmupMessages;
    private final long seed;
    private final long spinNanos;
    private final InetSocketAddress externalReplica;
    private final boolean replicaInChildProcess;
    private final int segmentSizeBytes;
    private final UnaryOperator<JournalConfig.Builder> tuning;
    private final ErrorHandler errors;

    /**
     * Creates a runner of {@code messages} per run (the first {@code warmupMessages} not recorded) at
     * {@code rate} per second; {@code externalReplica} may be null, {@code tuning} adjusts each
     * primary's configuration.
     */
    public BenchRunner(BenchData data, long rate, int sizeBytes, int messages, int warmupMessages, long seed, long spinNanos,
                       InetSocketAddress externalReplica, boolean replicaInChildProcess, int segmentSizeBytes,
                       UnaryOperator<JournalConfig.Builder> tuning, ErrorHandler errors) {
        this.tuning = tuning;
        this.replicaInChildProcess = replicaInChildProcess;
        this.segmentSizeBytes = segmentSizeBytes;
        this.data = data;
        this.rate = rate;
        this.sizeBytes = sizeBytes;
        this.messages = messages;
        this.warmupMessages = warmupMessages;
        this.seed = seed;
        this.spinNanos = spinNanos;
        this.externalReplica = externalReplica;
        this.errors = errors;
    }

    /**
     * Runs {@code durability} with {@code mode} against fresh journals and returns its row.
     *
     * @throws IllegalStateException if not every message committed within 60 s of the last send
     */
    public BenchRow run(BenchDurability durability, CommitMode mode) {
        String replication = mode == CommitMode.LOCAL ? "none" : mode.label();
        Path runDir = data.run(durability.label().replace(':', '_').replace('/', '_') + "-" + replication);
        Histogram histogram = new Histogram(3);
        OpenLoop loop = new OpenLoop(NanoClock.system(), spinNanos, OpenLoop.Parker.system(), rate, sizeBytes, messages, warmupMessages,
                durability.largePerSecond(), new SplittableRandom(seed), histogram::recordValue);
        boolean complete = JournalRun.run(runDir, durability.durability(), mode, externalReplica,
                replicaInChildProcess, segmentSizeBytes, tuning, loop, errors, DRAIN_NANOS);
        if (!complete) {
            throw new IllegalStateException("run " + durability.label() + "/" + replication
                    + " did not commit every message within 60 s of the last send");
        }
        return BenchRow.of(durability.label(), replication, rate, sizeBytes, histogram);
    }
}
