package io.tailguard.journal.load;

import io.tailguard.config.Check;
import io.tailguard.journal.CommitListener;
import io.tailguard.journal.CommitMode;
import io.tailguard.journal.ErrorHandler;
import io.tailguard.journal.Journal;
import io.tailguard.journal.JournalConfig;
import io.tailguard.journal.durability.Durability;
import io.tailguard.journal.ReplicaServer;
import io.tailguard.time.NanoClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * Thread-safe (stateless): drives an {@link OpenLoop} into a fresh journal in {@code runDir}
 * (deleted before and after), with a replica on loopback started in a child process or in this
 * one when the mode needs one and none is given. Used by {@code tailguard journal bench} and the benchmark module.
 */
public final class JournalRun {

    private JournalRun() {
    }

    /**
     * Runs one combination; without {@code externalReplica} a replicated mode starts its replica
     * in a child JVM when {@code replicaInChildProcess}, else in this JVM. {@code tuning} adjusts the
     * primary's configuration (for example {@link JournalConfig.Builder#ackGrace} or
     * {@link JournalConfig.Builder#replicationLinger}) after the run's own settings are applied.
     *
     * @return true if every message committed within {@code drainNanos} after the last send
     */
    public static boolean run(Path runDir, Durability durability, CommitMode mode, InetSocketAddress externalReplica,
                              boolean replicaInChildProcess, int segmentSizeBytes, UnaryOperator<JournalConfig.Builder> tuning,
                              OpenLoop loop, ErrorHandler errors, long drainNanos) {
        Check.notNull("tuning", tuning);
        deleteTree(runDir);
        AutoCloseable replica = null;
        try {
            InetSocketAddress target = externalReplica;
            if (mode.replicated() && target == null && replicaInChildProcess) {
                ReplicaProcess child = ReplicaProcess.start(runDir.resolve("replica"), segmentSizeBytes);
                replica = child;
                target = child.address();
            } else if (mode.replicated() && target == null) {
                ReplicaServer server = ReplicaServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                        JournalConfig.builder(runDir.resolve("replica"))
                        .segmentSizeBytes(segmentSizeBytes).errors(errors).build());
                replica = server;
                target = server.address();
            }
            JournalConfig.Builder primary = JournalConfig.builder(runDir.resolve("primary"))
                    .segmentSizeBytes(segmentSizeBytes).durability(durability).errors(errors);
            if (mode.replicated()) {
                primary.replication(mode, target);
            }
            JournalConfig cfg = tuning.apply(primary).build();
            boolean[] waitsForForce = new boolean[1];
            CommitListener listener = new CommitListener() {
                @Override
                public void onCommitted(long committedSequence) {
                    // onProgress carries the same information per record class
                }

                @Override
                public void onProgress(long plainSequence, long forcedSequence) {
                    loop.progress(plainSequence - 1, forcedSequence - 1);
                }

                @Override
                public void onAppended(long sequence, boolean waits) {
                    waitsForForce[0] = waits; // in the appending thread, read right after appendNoWait
                }
            };
            try (Journal journal = Journal.open(cfg, listener)) {
                if (mode.replicated()) {
                    awaitReplica(journal);
                }
                return loop.run((message, index) -> {
                    journal.appendNoWait(message);
                    return waitsForForce[0];
                }, drainNanos);
            }
        } finally {
            if (replica != null) {
                try {
                    replica.close();
                } catch (Exception e) {
                    errors.onError("closing the replica failed", e);
                }
            }
            deleteTree(runDir);
        }
    }

    private static void awaitReplica(Journal journal) {
        NanoClock clock = NanoClock.system();
        long deadline = clock.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!journal.replicaConnected()) {
            if (clock.nanoTime() > deadline) {
                String why = journal.replicaProblem();
                throw new IllegalStateException("replica " + journal.config().replica() + " is not connected after 10 s: "
                        + (why == null ? "no answer yet" : why));
            }
            LockSupport.parkNanos(1_000_000L);
        }
    }

    /** Deletes {@code dir} and everything under it, if it exists. */
    public static void deleteTree(Path dir) {
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
