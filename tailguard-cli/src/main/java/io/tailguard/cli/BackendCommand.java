package io.tailguard.cli;

import io.tailguard.cli.load.NettyLogging;
import io.tailguard.load.backend.LeaseBackend;
import io.tailguard.load.backend.LeasePolicy;
import io.tailguard.load.backend.ServiceBackend;
import io.tailguard.load.backend.ServiceStats;
import io.tailguard.sim.path.BackendModel;
import io.tailguard.sim.path.ServiceText;
import io.tailguard.sim.service.DelayTable;
import io.tailguard.time.NanoClock;
import io.tailguard.time.Scheduler;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * Not thread-safe (one command run): {@code tailguard backend}, the RSocket lease demo's saturable
 * service as an HTTP/1.1 server that issues leases ({@code docs/leases.md}), or with
 * {@code --service} a server of N workers shaped by the description {@code tailguard plan} reads.
 */
@Command(
        name = "backend",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "A test backend that issues request leases: the RSocket lease demo's service.",
            "",
            "Each requester that opens GET /.well-known/tailguard/lease gets its own lease",
            "stream ('id=... requests=N ttl-ms=T', one line per lease, the first at once) and",
            "sends 'Tailguard-Lease-Id: <id>' on its requests. A request over its lease is",
            "answered 503 with X-Tailguard-Reason lease-exhausted or lease-expired and a",
            "Retry-After, before the service runs. Requests without an id share one lease of",
            "the same policy. Every answer carries 'Tailguard-Lease: ... remaining=R'.",
            "",
            "The service is saturable: the c-th request admitted in the current 1 s window",
            "waits a random delay from its band of --saturable. '10=>2;50=>5;120=>20;=>5000'",
            "means 1-10: 0-2 ms, 11-50: 2-5 ms, 51-120: 5-20 ms, above: 20-5000 ms.",
            "",
            "With --service 'workers=N, time=DIST' it is instead the service a plan describes",
            "(the text after 'POOL:' in tailguard plan --service): N workers, each request",
            "waiting for a free one, then taking a time drawn from DIST (fixed(20ms), exp(20ms),",
            "lognormal(p50=40ms,p99=300ms), mix(0.9:fixed(5ms),0.1:fixed(200ms)), file(ms.txt))",
            "plus the optional slowdown=TABLE by concurrency; no leases.",
            "",
            "Prints 'tailguard backend listening on HOST:PORT' when ready, then one line a",
            "second on stderr: requests accepted and rejected in that second (with --service:",
            "served in that second, in service and waiting now).",
            ""
        },
        footer = {
            "",
            "Examples (the demo: three backends, the proxy balancing by lease, 1000 req/s):",
            "  ./tailguard backend --listen 127.0.0.1:8309 --lease static:100/1s &",
            "  ./tailguard backend --listen 127.0.0.1:8310 --lease static:100/1s &",
            "  ./tailguard backend --listen 127.0.0.1:8311 --lease adaptive:20ms &",
            "  ./tailguard proxy --config leases.yaml    # balancer: least-loaded-by-lease",
            "  ./tailguard load http://127.0.0.1:8308/ --rate 1000 --duration 20s",
            "  curl -N http://127.0.0.1:8309/.well-known/tailguard/lease   # watch the leases",
            "",
            "All of it in one command: ./tailguard lab leases --live",
            "",
            "The service of a plan, live (compare with ./tailguard plan, or run ./tailguard lab plan-vs-live):",
            "  ./tailguard backend --listen 127.0.0.1:9292 --service 'workers=8, time=lognormal(p50=40ms,p99=300ms)' --seed 1"
        })
public final class BackendCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--listen", paramLabel = "HOST:PORT", defaultValue = "127.0.0.1:0",
            description = "Where to listen; port 0 picks a free one (default: ${DEFAULT-VALUE}).")
    String listen;

    @Option(names = "--saturable", paramLabel = "TABLE", defaultValue = DelayTable.DEMO,
            description = "Latency by rank in the window, 'count=>ms' steps, the last without count "
                    + "(default: ${DEFAULT-VALUE}).")
    String saturable;

    @Option(names = "--lease", paramLabel = "POLICY", defaultValue = "static:100/1s",
            description = "static:N/PERIOD (N requests every PERIOD) or adaptive:TARGET (the core adaptive sender "
                    + "toward a latency target, e.g. adaptive:20ms; 1 s periods). Each lease lives 10%% longer "
                    + "than its period, so a late renewal leaves no gap (default: ${DEFAULT-VALUE}).")
    String lease;

    @Option(names = "--service", paramLabel = "'workers=N, time=DIST'",
            description = "Serve as this description says instead of the lease demo: N workers, service time DIST, "
                    + "optional slowdown=TABLE; the same text as tailguard plan --service after 'POOL:'.")
    String service;

    @Option(names = "--seed", paramLabel = "N", description = "Seed of the service's delays (default: random).")
    Long seed;

    @Override
    public Integer call() throws InterruptedException {
        NettyLogging.toJdk();
        InetSocketAddress address = ProxyCommand.hostPort("--listen", listen);
        NanoClock clock = NanoClock.system();
        if (service != null) {
            return serve(address, clock);
        }
        LeaseBackend backend;
        try {
            DelayTable table = DelayTable.parse("--saturable", saturable);
            LeasePolicy policy = LeasePolicy.parse(lease, clock);
            backend = LeaseBackend.start(address, table, policy, clock, Scheduler.system(), random());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Delta accepted = new Delta();
        Delta rejected = new Delta();
        return serveUntilStopped(backend::close, backend.address(), "lease " + lease + ", saturable " + saturable,
                () -> String.format("accepted %d rejected %d lease streams %d", accepted.since(backend.accepted()),
                        rejected.since(backend.rejected()), backend.openSessions()));
    }

    private int serve(InetSocketAddress address, NanoClock clock) throws InterruptedException {
        CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
        for (String leaseOnly : new String[] {"--lease", "--saturable"}) {
            if (parsed.hasMatchedOption(leaseOnly)) {
                throw new UsageException(leaseOnly + " must be left out with --service (the lease demo's option) "
                        + "but was given");
            }
        }
        ServiceBackend backend;
        try {
            BackendModel model = ServiceText.parseModel(service);
            backend = ServiceBackend.start(address, model, clock, random());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        Delta served = new Delta();
        return serveUntilStopped(backend::close, backend.address(), "service " + service,
                () -> {
                    ServiceStats stats = backend.stats();
                    return String.format("served %d serving %d waiting %d", served.since(stats.served()),
                            stats.line().serving(), stats.line().waiting());
                });
    }

    private SplittableRandom random() {
        return seed == null ? new SplittableRandom() : new SplittableRandom(seed);
    }

    /**
     * Says where the backend listens and with what, then every second on stderr what {@code second}
     * reports, until the process is stopped, which closes the backend through {@code close}.
     */
    private int serveUntilStopped(Runnable close, InetSocketAddress bound, String what, Supplier<String> second)
            throws InterruptedException {
        Runtime.getRuntime().addShutdownHook(new Thread(close, "tailguard-backend-stop"));
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String at = bound.getHostString() + ":" + bound.getPort();
        out.printf("tailguard backend listening on %s (%s)%n", at, what);
        out.flush();
        CountDownLatch never = new CountDownLatch(1);
        while (!never.await(1, TimeUnit.SECONDS)) {
            err.printf("backend %s %s%n", at, second.get());
            err.flush();
        }
        return 0;
    }

    /** Not thread-safe: the growth of a running count since it was last read. */
    private static final class Delta {
        private long last;

        long since(long count) {
            long delta = count - last;
            last = count;
            return delta;
        }
    }
}
