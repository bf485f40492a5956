package io.tailguard.cli.journal;

import io.tailguard.journal.ErrorHandler;
import io.tailguard.journal.JournalConfig;
import io.tailguard.journal.replication.ReplicaServer;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
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
            "Run a replica: accept one primary at a time on --listen, check every record (length, CRC32C,",
            "sequence), append it to the journal in --dir and acknowledge the highest sequence held.",
            "A reconnecting primary resends from that sequence. Stop with Ctrl-C.",
            ""
        },
        footer = {"", "Example:", "  tailguard journal replica --listen 127.0.0.1:7400 --dir /data/replica"})
public final class JournalReplicaCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--listen", required = true, paramLabel = "HOST:PORT",
            description = "Address to listen on, e.g. 127.0.0.1:7400 (port 0 picks a free one).")
    String listen;

    @Option(names = "--dir", required = true, paramLabel = "PATH", description = "The replica's journal directory.")
    Path dir;

    @Override
    public Integer call() throws InterruptedException {
        InetSocketAddress address = BenchOptions.hostPort("--listen", listen);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ErrorHandler errors = (message, cause) -> {
            err.println("tailguard: journal replica: " + message);
            err.flush();
        };
        ReplicaServer server = ReplicaServer.start(address, JournalConfig.of(dir).withErrors(errors));
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "tailguard-replica-shutdown"));
        InetSocketAddress bound = server.address();
        out.printf("replica listening on %s:%d dir=%s %s%n", bound.getHostString(), bound.getPort(),
                dir.toAbsolutePath(), server.journal().recovery().summary());
        out.flush();
        stopped.await();
        return 0;
    }
}
