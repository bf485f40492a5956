package io.tailguard.cli.journal;

import io.tailguard.journal.CommitMode;
import io.tailguard.journal.ErrorHandler;
import io.tailguard.journal.Journal;
import io.tailguard.journal.JournalConfig;
import io.tailguard.journal.load.OpenLoop;
import io.tailguard.journal.replication.ReplicaServer;
import io.tailguard.time.NanoClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;

/** Not thread-safe: runs one open-loop combination of durability and replication against fresh journals. */
final class BenchRunner {

    private static final long DRAIN_NANOS = TimeUnit.SECONDS.toNanos(60);

    private final Path baseDir;
    private final long rate;
    private final int sizeBytes;
    private final int messages;
    private final int warmupMessages;
    private final long seed;
    private final InetSocketAddress externalReplica;
    private final ErrorHandler errors;

    BenchRunner(Path baseDir, long rate, int sizeBytes, int messages, int warmupMessages, long seed,
                InetSocketAddress externalReplica, ErrorHandler errors) {
        this.baseDir = baseDir;
        this.rate = rate;
        this.sizeBytes = sizeBytes;
        this.messages = messages;
        this.warmupMessages = warmupMessages;
        this.seed = seed;
        this.externalReplica = externalReplica;
        this.errors = errors;
    }

    BenchRow run(BenchOptions.DurabilityChoice durability, CommitMode mode) {
        String replication = mode == CommitMode.LOCAL ? "none" : mode.label();
        Path runDir = baseDir.resolve(durability.label().replace(':', '_').replace('/', '_') + "-" + replication);
        deleteTree(runDir);
        Histogram histogram = new Histogram(3);
        OpenLoop loop = new OpenLoop(NanoClock.system(), rate, sizeBytes, messages, warmupMessages,
                durability.largePerSecond(), new SplittableRandom(seed), histogram::recordValue);
        ReplicaServer replica = null;
        try {
            InetSocketAddress target = externalReplica;
            if (mode.replicated() && target == null) {
                replica = ReplicaServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                        JournalConfig.of(runDir.resolve("replica")).withErrors(errors));
                target = replica.address();
            }
            JournalConfig cfg = JournalConfig.of(runDir.resolve("primary"))
                    .withDurability(durability.durability())
                    .withErrors(errors);
            if (mode.replicated()) {
                cfg = cfg.withReplication(mode, target);
            }
            boolean complete;
            try (Journal journal = Journal.open(cfg, committed -> loop.committedUpTo(committed - 1))) {
                if (mode.replicated()) {
                    awaitReplica(journal);
                }
                complete = loop.run((message, index) -> journal.appendNoWait(message), DRAIN_NANOS);
            }
            if (!complete) {
                throw new IllegalStateException("run " + durability.label() + "/" + replication
                        + " did not commit every message within 60 s");
            }
        } finally {
            if (replica != null) {
                replica.close();
            }
            deleteTree(runDir);
        }
        return BenchRow.of(durability.label(), replication, rate, sizeBytes, histogram);
    }

    private static void awaitReplica(Journal journal) {
        long deadline = NanoClock.system().nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!journal.replicaConnected()) {
            if (NanoClock.system().nanoTime() > deadline) {
                throw new IllegalStateException("replica " + journal.config().replica() + " did not accept a "
                        + "connection within 10 s");
            }
            LockSupport.parkNanos(1_000_000L);
        }
    }

    static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dir, e);
        }
    }
}
