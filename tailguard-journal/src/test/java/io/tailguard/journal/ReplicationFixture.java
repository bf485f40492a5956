package io.tailguard.journal;

import static io.tailguard.journal.Wire.loopback;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * Not thread-safe: the base of the replication tests on real journals and sockets: journals in
 * directories of {@link #tmp} with 1 MiB segments, the primaries' errors collected in
 * {@link #primaryLog} and the replicas' in {@link #replicaLog}.
 */
abstract class ReplicationFixture {

    static final int SMALL = 1 << 20;

    @TempDir
    Path tmp;

    final LogCollector primaryLog = new LogCollector();
    final LogCollector replicaLog = new LogCollector();

    /** Returns the configuration of a replica's journal in {@code tmp/name}. */
    JournalConfig replicaConfig(String name) {
        return JournalConfig.builder(tmp.resolve(name)).segmentSizeBytes(SMALL).errors(replicaLog).build();
    }

    /** Starts a replica server on a free loopback port over the journal in {@code tmp/name}. */
    ReplicaServer replica(String name) {
        return ReplicaServer.start(loopback(0), replicaConfig(name));
    }

    /** Returns the configuration of a primary in {@code tmp/name} committing per {@code mode} (no replica when LOCAL). */
    JournalConfig primary(String name, CommitMode mode, InetSocketAddress replica) {
        JournalConfig c = JournalConfig.builder(tmp.resolve(name)).segmentSizeBytes(SMALL).errors(primaryLog).build();
        return mode == CommitMode.LOCAL ? c : c.toBuilder().replication(mode, replica).build();
    }

    /**
     * Opens primary {@code name} against {@code replica} and checks that the replica is refused in a
     * line of {@link #primaryLog} containing every one of {@code reasons}, and nothing counts as acknowledged.
     */
    void assertRefused(ReplicaServer replica, String name, String... reasons) throws InterruptedException {
        try (Journal j = Journal.open(primary(name, CommitMode.ACK, replica.address()))) {
            assertThat(primaryLog.await("refused")).contains(reasons);
            assertThat(j.ackedSequence()).isZero();
        }
    }

    /** Returns a socket listening on a free loopback port, for a test that plays the replica by hand ({@link Wire}). */
    static ServerSocketChannel fakeReplica() throws IOException {
        ServerSocketChannel fake = ServerSocketChannel.open();
        try {
            return fake.bind(loopback(0));
        } catch (IOException e) {
            fake.close();
            throw e;
        }
    }

    /** Returns the configuration of primary {@code p}, committing once {@code fake}, the replica, acknowledges. */
    JournalConfig ackedTo(ServerSocketChannel fake) throws IOException {
        return primary("p", CommitMode.ACK, (InetSocketAddress) fake.getLocalAddress());
    }
}
