package io.tailguard.cli.journal;

import io.tailguard.cli.UsageException;
import io.tailguard.journal.CommitMode;
import io.tailguard.journal.ErrorHandler;
import io.tailguard.journal.load.BenchData;
import io.tailguard.journal.load.BenchDurability;
import io.tailguard.journal.load.BenchRow;
import io.tailguard.journal.load.BenchRunner;
import io.tailguard.journal.load.OpenLoop;
import io.tailguard.journal.segment.SegmentLayout;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** Not thread-safe (one command run): {@code tailguard journal bench}, open-loop latency per mode. */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Open-loop latency benchmark per durability and replication mode.",
            "",
            "Sends messages at a fixed rate; each message's latency runs from its intended",
            "send time to its commit (HdrHistogram), once per durability x replication",
            "pair. Each run uses fresh journals in a temporary directory, or under --dir,",
            "deleted after the run and on Ctrl-C too; the CSV keeps every row that",
            "finished, also when interrupted. When replication is asked for and no",
            "--replica is given, a replica is started on 127.0.0.1 in a child JVM (or in",
            "this one with --in-process-replica).",
            ""
        },
        footer = {
            "",
            "Durability:",
            "  none            OS write-back",
            "  sync            force before commit (group commit)",
            "  periodic:<d>    force every interval, e.g. periodic:10ms",
            "  selective:<N>/s N messages per second carry a large value and wait for a",
            "                  force; the others commit at write; unforced data is",
            "                  written behind within 100 ms by forces that delay no commit",
            "Replication:",
            "  none            durability alone",
            "  ack             durability and the replica's acknowledgement",
            "  ack-or-sync     acknowledgement OR a local force, whichever comes first;",
            "                  a message is forced only if not acknowledged within",
            "                  --ack-grace (at once while the replica is down)",
            "  ack-and-sync    both",
            "",
            "Examples (the published durability comparison's setups):",
            "  tailguard journal bench --rate 50000 --size 1024 --duration 10s --durability none,sync,selective:10/s --replication none,ack,ack-or-sync",
            "  tailguard journal bench --rate 200000 --size 1024 --duration 10s",
            "Examples (tuning ack-or-sync):",
            "  tailguard journal bench --rate 200000 --durability none --replication ack-or-sync --ack-grace 0  # force every message",
            "  tailguard journal bench --rate 200000 --durability none --replication ack-or-sync --replication-linger 200us  # fewer sends",
            "",
            "Prints a table and writes <output-dir>/journal-bench.csv with the header",
            "  durability,replication,rate,size_bytes,messages,p50_us,p90_us,p99_us,",
            "  p999_us,p9999_us,max_us"
        })
public final class JournalBenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--rate", paramLabel = "MSG_PER_S", defaultValue = "50000",
            description = "Messages per second, 1 to 10000000 (default: ${DEFAULT-VALUE}).")
    String rateText;

    @Option(names = "--size", paramLabel = "BYTES", defaultValue = "1024",
            description = "Bytes per message, 16 to 1048576 (default: ${DEFAULT-VALUE}).")
    String sizeText;

    @Option(names = "--duration", paramLabel = "DURATION", defaultValue = "10s",
            description = "Measured time per run, e.g. 10s, 500ms (default: ${DEFAULT-VALUE}).")
    String duration;

    @Option(names = "--warmup", paramLabel = "DURATION", defaultValue = "1s",
            description = "Time sent before measuring, per run, not recorded; 0 measures from the first "
                    + "message (default: ${DEFAULT-VALUE}).")
    String warmup;

    @Option(names = "--durability", paramLabel = "LIST", defaultValue = "none,sync,selective:10/s",
            description = "Comma-separated durability policies (default: ${DEFAULT-VALUE}).")
    String durability;

    @Option(names = "--replication", paramLabel = "LIST", defaultValue = "none,ack,ack-or-sync",
            description = "Comma-separated replication modes (default: ${DEFAULT-VALUE}).")
    String replication;

    @Option(names = "--dir", paramLabel = "PATH",
            description = "Where the runs' journals live, each run in a subdirectory deleted after it; put it on "
                    + "the disk you want to measure (default: a new temporary directory, deleted at the end; "
                    + "the temporary directory may be in memory (tmpfs), which measures no disk).")
    Path dir;

    // under ./results like the lab's and load's artifacts (ignored by git), not the working directory
    @Option(names = "--output-dir", paramLabel = "DIR", defaultValue = "./results/journal-bench",
            description = "Where journal-bench.csv is written, created if missing (default: ${DEFAULT-VALUE}).")
    Path outputDir;

    @Option(names = "--replica", paramLabel = "HOST:PORT",
            description = "Use a running replica ('tailguard journal replica') instead of starting one; it must "
                    + "be empty, so only one replicated run is allowed.")
    String replica;

    @Option(names = "--in-process-replica",
            description = "Without --replica, run the replica in this JVM instead of a child process "
                    + "(the default runs it as 'tailguard journal replica' would: its own process on loopback).")
    boolean inProcessReplica;

    @Option(names = "--segment-size", paramLabel = "BYTES", defaultValue = "67108864",
            description = "Bytes per segment file, 65536 to 1073741824; each is preallocated (default: ${DEFAULT-VALUE}).")
    String segmentSizeText;

    @Option(names = "--pacing", paramLabel = "auto|spin|park", defaultValue = "auto",
            description = "How the load generator waits for the next message: spin (sends each at its due time "
                    + "but holds a core), park (sleeps, wakes ~60 us late and sends what is due by then in a burst; "
                    + "latency still counts from each intended time, so the lateness is included) or auto "
                    + "(spin on 4 or more cores, else park) (default: ${DEFAULT-VALUE}).")
    String pacing;

    @Option(names = "--ack-grace", paramLabel = "DURATION", defaultValue = "2ms",
            description = "ack-or-sync only: how long a message may wait for the replica's acknowledgement before "
                    + "the primary forces it; 0 forces continuously (every message, like sync); with no replica "
                    + "connected it forces at once. 0 to 1m, e.g. 0, 500us, 2ms (default: ${DEFAULT-VALUE}).")
    String ackGrace;

    @Option(names = "--replication-linger", paramLabel = "DURATION", defaultValue = "0",
            description = "Replicated runs only: after a send that took every written message, the primary's "
                    + "sender waits this long before looking for more, so under load each send carries more "
                    + "messages and fewer threads wake per message, at up to about this much added latency; a message "
                    + "written after the sender went idle is sent at once. A caller that waits for each commit "
                    + "pays it on every message, and with ack-or-sync keep it well below --ack-grace. 0 sends "
                    + "every message as soon as it is written. 0 to 100ms, e.g. 0, 100us, 200us "
                    + "(default: ${DEFAULT-VALUE}).")
    String replicationLinger;

    @Option(names = "--seed", defaultValue = "3", description = "Seed for which messages are large (default: ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() {
        long rate = JournalOptions.range("--rate", rateText, 1, 10_000_000);
        int segmentSize = (int) JournalOptions.range("--segment-size", segmentSizeText, 1 << 16, 1 << 30);
        int size = (int) JournalOptions.range("--size", sizeText, 16,
                Math.min(1 << 20, SegmentLayout.maxPayload(segmentSize)));
        Duration measured = JournalOptions.duration("--duration", duration);
        Duration warm = JournalOptions.zeroOrDuration("--warmup", warmup);
        List<BenchDurability> durabilities = JournalOptions.durabilities(durability, rate);
        List<CommitMode> modes = JournalOptions.replications(replication);
        String pace = JournalOptions.pacing("--pacing", pacing, Runtime.getRuntime().availableProcessors());
        long spinNanos = OpenLoop.spinNanos(pace);
        Duration grace = JournalOptions.ackGrace("--ack-grace", ackGrace);
        Duration linger = JournalOptions.linger("--replication-linger", replicationLinger);
        long total = rate * (measured.toNanos() + warm.toNanos()) / 1_000_000_000L;
        if (total > 200_000_000L) {
            throw new UsageException("--rate x (--duration + --warmup) is " + total
                    + " messages; at most 200000000 are allowed per run");
        }
        int warmupMessages = (int) (rate * warm.toNanos() / 1_000_000_000L);
        if (total - warmupMessages < 1) {
            throw new UsageException("--rate x --duration must be at least 1 message but was " + rate + "/s x "
                    + duration + " (raise --rate or --duration)");
        }
        InetSocketAddress external = replica == null ? null : JournalOptions.hostPort("--replica", replica);
        long replicated = modes.stream().filter(CommitMode::replicated).count() * durabilities.size();
        if (external != null && replicated > 1) {
            throw new UsageException("--replica value '" + replica + "' is not allowed with " + replicated
                    + " replicated runs: an external replica must start empty, so give one replicated run");
        }
        prepare(outputDir, "--output-dir");
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ErrorHandler errors = (message, cause) -> err.println("tailguard: journal: " + message);
        if (modes.contains(CommitMode.ACK_OR_SYNC) && !grace.isZero() && linger.compareTo(grace) >= 0) {
            err.println("tailguard: journal: warning: --replication-linger " + replicationLinger + " is not below"
                    + " --ack-grace " + ackGrace + ", so ack-or-sync messages that wait out the linger are forced"
                    + " rather than acknowledged");
        }
        Path csv = outputDir.resolve("journal-bench.csv");
        if (dir != null) {
            prepare(dir, "--dir");
        }
        try (BenchData data = BenchData.at(dir)) {
            // Ctrl-C ends the JVM without unwinding this method: the hook removes the journals instead
            Thread cleanUp = new Thread(() -> {
                data.close();
                err.println("tailguard: journal bench: interrupted; removed the runs' journals in " + data.base()
                        + "; " + csv + " holds the rows that finished");
                err.flush();
            }, "tailguard-journal-bench-cleanup");
            Runtime.getRuntime().addShutdownHook(cleanUp);
            try {
                out.printf("journal bench: rate=%d/s size=%dB duration=%s warmup=%s pacing=%s ack-grace=%s"
                        + " replication-linger=%s dir=%s%n", rate, size, duration, warmup, pace, ackGrace,
                        replicationLinger, data.base().toAbsolutePath());
                out.println(BenchRow.tableHeader());
                out.flush();
                BenchRunner runner = new BenchRunner(data, rate, size, (int) total, warmupMessages, seed, spinNanos,
                        external, !inProcessReplica, segmentSize, b -> b.ackGrace(grace).replicationLinger(linger),
                        errors);
                runAll(runner, durabilities, modes, csv, out);
            } finally {
                removeHook(cleanUp); // ended or failed here: closing `data` removes the journals
            }
        }
        out.println("wrote " + csv);
        return 0;
    }

    /** Runs every pair, printing each row and rewriting the CSV after it, so an interrupt keeps the finished rows. */
    private static void runAll(BenchRunner runner, List<BenchDurability> durabilities,
                               List<CommitMode> modes, Path csv, PrintWriter out) {
        List<String> lines = new ArrayList<>();
        lines.add(BenchRow.CSV_HEADER);
        writeCsv(csv, lines);
        for (BenchDurability d : durabilities) {
            for (CommitMode m : modes) {
                BenchRow row = runner.run(d, m);
                lines.add(row.csv());
                writeCsv(csv, lines);
                out.println(row.tableLine());
                out.flush();
                System.gc(); // unmaps the finished run's segment files before the next run
            }
        }
    }

    private static void writeCsv(Path csv, List<String> lines) {
        try {
            Files.write(csv, lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + csv, e);
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down: the hook runs and removes the journals
        }
    }

    private static void prepare(Path path, String flag) {
        try {
            Files.createDirectories(path);
        } catch (IOException e) {
            throw new UsageException(flag + " value '" + path + "' is not allowed: cannot create directory ("
                    + e.getMessage() + ")");
        }
        if (!Files.isWritable(path)) {
            throw new UsageException(flag + " value '" + path + "' is not allowed: directory is not writable");
        }
    }
}
