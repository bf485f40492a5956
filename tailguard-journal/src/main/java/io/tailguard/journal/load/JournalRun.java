package io.tailguard.journal.load;

import io.tailguard.journal.CommitMode;
import io.tailguard.journal.ErrorHandler;
import io.tailguard.journal.Journal;
import io.tailguard.journal.JournalConfig;
import io.tailguard.journal.durability.Durability;
import io.tailguard.journal.replication.ReplicaServer;
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
import java.util.stream.Stream;

/**
 * Thread-safe (stateless): drives an {@link OpenLoop} into a fresh journal in {@code runDir}
 * (deleted before and after), with a replica on loopback started in this process when the mode
 * needs one and none is given. Used by {@code tailguard journal bench} and the benchmark module.
 */
public final class JournalRun {

    private JournalRun() {
    }

    /**
     * Runs one combination.
     *
     * @return true if every message committed within {@code drainNanos} after the last send
     */
    public static boolean run(Path runDir, Durability durability, CommitMode mode, InetSocketAddress externalReplica,
                              OpenLoop loop, ErrorHandler errors, long drainNanos) {
        deleteTree(runDir);
        ReplicaServer replica = null;
        try {
            InetSocketAddress target = externalReplica;
            if (mode.replicated() && target == null) {
                replica = ReplicaServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
                        JournalConfig.of(runDir.resolve("replica")).withErrors(errors));
                target = replica.address();
            }
            JournalConfig cfg = JournalConfig.of(runDir.resolve("primary")).withDurability(durability).withErrors(errors);
            if (mode.replicated()) {
                cfg = cfg.withReplication(mode, target);
            }
            try (Journal journal = Journal.open(cfg, committed -> loop.committedUpTo(committed - 1))) {
                if (mode.replicated()) {
                    awaitReplica(journal);
                }
                return loop.run((message, index) -> journal.appendNoWait(message), drainNanos);
            }
        } finally {
            if (replica != null) {
                replica.close();
            }
            deleteTree(runDir);
        }
    }

    private static void awaitReplica(Journal journal) {
        NanoClock clock = NanoClock.system();
        long deadline = clock.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!journal.replicaConnected()) {
            if (clock.nanoTime() > deadline) {
                throw new IllegalStateException("replica " + journal.config().replica()
                        + " did not accept a connection within 10 s");
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
