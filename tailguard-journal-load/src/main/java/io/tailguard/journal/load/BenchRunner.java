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

/**
 * Not thread-safe: runs one open-loop combination of durability and replication against fresh
 * journals, with these settings for every run.
 *
 * @param data where the runs' journals live
 * @param rate messages sent per second
 * @param sizeBytes bytes of each message
 * @param messages messages per run
 * @param warmupMessages the first messages of a run, not recorded
 * @param seed seeds which messages are large
 * @param spinNanos how long before a message is due the sender stops parking and spins
 * @param externalReplica a replica already running, or null to start one per run
 * @param replicaInChildProcess whether a started replica runs in a child JVM (else in this one)
 * @param segmentSizeBytes segment size of every journal
 * @param tuning adjusts each primary's configuration
 * @param errors receives the journals' background errors
 */
public record BenchRunner(BenchData data, long rate, int sizeBytes, int messages, int warmupMessages, long seed,
                          long spinNanos, InetSocketAddress externalReplica, boolean replicaInChildProcess,
                          int segmentSizeBytes, UnaryOperator<JournalConfig.Builder> tuning, ErrorHandler errors) {

    private static final long DRAIN_NANOS = TimeUnit.SECONDS.toNanos(60);

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
