package io.tailguard.cli.load;

import io.tailguard.config.DurationText;
import io.tailguard.load.FreezingServer;
import io.tailguard.time.NanoClock;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Not thread-safe (one command run): {@code tailguard load test-server}, a server that stalls on a timetable. */
@Command(
        name = "test-server",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "A server that answers at once but freezes on a timetable, to test load tools.",
            "",
            "HTTP on 127.0.0.1; answers 200 'ok' at once but freezes for --freeze at the",
            "end of every --every, like a process stopped with ^Z. A user of it sees",
            "about freeze/every of requests delayed, by up to --freeze.",
            ""
        },
        footer = {
            "",
            "Example (the comparison in tailguard-load/README.md):",
            "  ./tailguard load test-server --port 8089 --freeze 1s --every 5s &",
            "  ./tailguard load http://127.0.0.1:8089/ --rate 2000 --duration 30s --warmup 0",
            "  wrk -t1 -c10 -d30s --latency http://127.0.0.1:8089/"
        })
public final class TestServerCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "0",
            description = "Port on 127.0.0.1; 0 picks a free one and prints it (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--freeze", paramLabel = "DURATION", defaultValue = "1s",
            description = "How long each freeze lasts; 0 never freezes (default: ${DEFAULT-VALUE}).")
    String freeze;

    @Option(names = "--every", paramLabel = "DURATION", defaultValue = "5s",
            description = "Period of the freezes; the first ends one period after start (default: ${DEFAULT-VALUE}).")
    String every;

    @Option(names = "--for", paramLabel = "DURATION",
            description = "Stop after this long (default: run until stopped with Ctrl-C).")
    String runFor;

    @Override
    public Integer call() throws InterruptedException {
        NettyLogging.toJdk();
        Duration freezeFor = DurationText.parseNonNegative("--freeze", freeze);
        Duration period = DurationText.parsePositive("--every", every);
        Duration stopAfter = runFor == null ? null : DurationText.parsePositive("--for", runFor);
        PrintWriter out = spec.commandLine().getOut();
        try (FreezingServer server = FreezingServer.start(port, freezeFor, period, NanoClock.system())) {
            out.printf("test-server on http://127.0.0.1:%d/ freezes %s every %s%s%n", server.port(), freeze, every,
                    stopAfter == null ? " (Ctrl-C to stop)" : " for " + runFor);
            out.flush();
            CountDownLatch never = new CountDownLatch(1);
            if (stopAfter == null) {
                never.await();
            } else {
                never.await(stopAfter.toNanos(), TimeUnit.NANOSECONDS);
            }
        }
        return 0;
    }
}
