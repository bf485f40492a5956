package io.tailguard.cli.journal;

import io.tailguard.cli.UsageException;
import io.tailguard.journal.ErrorHandler;
import io.tailguard.journal.JournalConfig;
import io.tailguard.journal.durability.Durability;
import io.tailguard.journal.ReplicaServer;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** Not thread-safe (one command run): {@code tailguard journal replica} runs a replica until the process is stopped. */
@Command(
        name = "replica",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Run a replica until stopped (Ctrl-C).",
            "",
            "A connection whose handshake stalls (no byte) for --timeout is dropped (a client",
            "that says nothing is closed and never blocks a primary). The first primary",
            "whose records the replica takes is recorded in --dir (primary.id); a primary",
            "of another journal is refused while the replica holds records, and the",
            "primary itself refuses a replica holding records it never wrote or whose",
            "last record differs from its own. An accepted primary replaces any earlier",
            "connection. Every record is checked (length, CRC32C, sequence), appended to",
            "the journal in --dir and acknowledged per --durability; the acknowledgement",
            "says which. A reconnecting primary resends from the last record held.",
            ""
        },
        footer = {"", "Examples:",
            "  tailguard journal replica --listen 127.0.0.1:7400 --dir /data/replica",
            "  tailguard journal replica --listen 127.0.0.1:7400 --dir /data/replica --durability sync --timeout 10s"})
public final class JournalReplicaCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--listen", required = true, paramLabel = "HOST:PORT",
            description = "Address to listen on, e.g. 127.0.0.1:7400 (port 0 picks a free one).")
    String listen;

    @Option(names = "--dir", required = true, paramLabel = "PATH", description = "The replica's journal directory.")
    Path dir;

    @Option(names = "--durability", paramLabel = "POLICY", defaultValue = "none",
            description = "When a record is acknowledged: none (in the replica's page cache: survives the "
                    + "replica process, not a power cut), sync (forced to its disk first), periodic:<interval> "
                    + "(once the next periodic force covers it, e.g. periodic:10ms; keep the primary's "
                    + "replica timeout well above the interval). Default: ${DEFAULT-VALUE}.")
    String durability;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "5s",
            description = "How long a connection's handshake, or a record it started, may stall (no byte "
                    + "arriving) before the connection is closed. Default: ${DEFAULT-VALUE}.")
    String timeout;

    @Override
    public Integer call() throws InterruptedException {
        InetSocketAddress address = JournalOptions.hostPort("--listen", listen);
        Durability policy = replicaDurability(durability);
        Duration wait = JournalOptions.duration("--timeout", timeout);
        JournalConfig config;
        try {
            config = JournalConfig.builder(dir).durability(policy).replicaTimeout(wait).build();
        } catch (IllegalArgumentException e) {
            // JournalConfig holds the bounds; its message names the field, the range and the value
            throw new UsageException("--timeout value '" + timeout + "' is not allowed: " + e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ErrorHandler errors = (message, cause) -> {
            err.println("tailguard: journal replica: " + message);
            err.flush();
        };
        ReplicaServer server = ReplicaServer.start(address, config.toBuilder().errors(errors).build());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "tailguard-replica-shutdown"));
        InetSocketAddress bound = server.address();
        out.printf("replica listening on %s:%d dir=%s durability=%s timeout=%s primary=%s %s%n", bound.getHostString(),
                bound.getPort(), dir.toAbsolutePath(), policy.label(), timeout,
                server.primaryIdentity() == null ? "none-yet" : server.primaryIdentity(),
                server.journal().recovery().summary());
        out.flush();
        stopped.await();
        return 0;
    }

    /** Parses {@code --durability} for a replica: none, sync or periodic:&lt;interval&gt;. */
    static Durability replicaDurability(String text) {
        try {
            return Durability.parse(text);
        } catch (IllegalArgumentException e) {
            throw new UsageException("--durability value '" + text + "' is not allowed: use none, sync or "
                    + "periodic:<interval>, e.g. periodic:10ms");
        }
    }
}
