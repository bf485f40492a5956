package io.tailguard.cli;

import io.tailguard.config.DurationText;
import io.tailguard.proxy.ProxyServer;
import io.tailguard.proxy.config.ConfigException;
import io.tailguard.proxy.config.ProxyConfig;
import io.tailguard.proxy.config.ProxyConfigFile;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Not thread-safe (one command run): {@code tailguard proxy} runs the reverse proxy until SIGTERM,
 * then drains: stops accepting, lets requests in flight finish within the drain grace, exits 0.
 */
@Command(
        name = "proxy",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "HTTP/1.1 reverse proxy that enforces tailguard's policies in front of a service.",
            "A concurrency cap per backend, a bounded queue with a timeout, client",
            "deadlines, and an immediate 503 + Retry-After instead of work for clients",
            "that have given up.",
            "",
            "Use either the one-line form (--listen, --backend and the queue flags) or",
            "--config FILE. When ready it prints one line to stdout:",
            "'tailguard proxy listening on HOST:PORT'. The access log and the admin",
            "address go to stderr. SIGTERM drains and exits 0.",
            ""
        },
        footer = {
            "",
            "Examples:",
            "  ./tailguard proxy --backend 127.0.0.1:9292 --max-conns 1 --queue 2",
            "  ./tailguard proxy --listen 127.0.0.1:8080 --backend 127.0.0.1:9292",
            "  ./tailguard proxy --config proxy.yaml",
            "",
            "Clients may send their deadline as 'X-Request-Timeout-Ms: 3000' or",
            "'Request-Timeout: 3'. Every setting of the YAML file is described in",
            "tailguard-proxy/README.md.",
            "",
            "JVM flags: ./tailguard starts the proxy with -XX:+UseParallelGC and",
            "-Dio.netty.leakDetection.level=disabled (less CPU per request) unless",
            "TAILGUARD_JAVA_OPTS is set. -Dio.netty.eventLoopThreads=N sets the event",
            "loops (default: one per CPU, at least 2). An access log costs CPU on every",
            "request: --access-log off where throughput matters."
        })
public final class ProxyCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE", description = "YAML configuration (excludes the one-line flags).")
    Path config;

    @Option(names = "--listen", paramLabel = "HOST:PORT",
            description = "Client listener, e.g. 127.0.0.1:8080 (port 0 picks a free one). Default: 127.0.0.1:8080.")
    String listen;

    @Option(names = "--backend", paramLabel = "HOST:PORT", description = "The backend server, e.g. 127.0.0.1:9292.")
    String backend;

    @Option(names = "--max-conns", paramLabel = "N", description = "Requests in flight to the backend (default 100).")
    Integer maxConns;

    @Option(names = "--queue", paramLabel = "N", description = "Requests that may wait for a place (default 0).")
    Integer queue;

    @Option(names = "--queue-timeout", paramLabel = "DURATION",
            description = "Longest wait in the queue, e.g. 10s or 500ms (default 10s).")
    String queueTimeout;

    @Option(names = "--admin", paramLabel = "HOST:PORT",
            description = "Admin listener for /metrics, /healthz, /readyz (default: listen host, a free port).")
    String admin;

    @Option(names = "--access-log", paramLabel = "DEST", description = "stdout, stderr (default), off or a file path.")
    String accessLog;

    @Override
    public Integer call() throws InterruptedException {
        ProxyConfig proxyConfig = config != null ? fromFile() : oneLine();
        if (admin != null) {
            proxyConfig = proxyConfig.withAdmin(hostPort("--admin", admin));
        }
        if (accessLog != null) {
            proxyConfig = proxyConfig.withAccessLog(accessLog);
        }
        ProxyServer server;
        try {
            server = ProxyServer.start(proxyConfig);
        } catch (io.tailguard.proxy.ProxyStartException e) {
            throw new UsageException(e.getMessage());
        }
        Duration grace = proxyConfig.drainGrace();
        CountDownLatch drained = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.drain(grace);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            server.close();
            drained.countDown();
            System.out.flush();
            System.err.flush();
            // SIGTERM is the normal way to stop a proxy: a clean drain is a success, not exit 143.
            Runtime.getRuntime().halt(0);
        }, "tailguard-proxy-drain"));
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        InetSocketAddress bound = server.boundAddress();
        InetSocketAddress adminBound = server.adminAddress();
        err.printf("tailguard proxy admin on %s:%d (/metrics /healthz /readyz)%n", adminBound.getHostString(),
                adminBound.getPort());
        err.flush();
        out.printf("tailguard proxy listening on %s:%d%n", bound.getHostString(), bound.getPort());
        out.flush();
        drained.await();
        return 0;
    }

    private ProxyConfig fromFile() {
        if (listen != null || backend != null || maxConns != null || queue != null || queueTimeout != null) {
            throw new UsageException("--config must be used alone but was combined with one-line flags "
                    + "(--listen, --backend, --max-conns, --queue, --queue-timeout)");
        }
        try {
            return ProxyConfigFile.read(config);
        } catch (ConfigException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private ProxyConfig oneLine() {
        if (backend == null) {
            throw new UsageException("--backend must be given (HOST:PORT) unless --config is; see './tailguard proxy --help'");
        }
        int conns = maxConns == null ? 100 : (int) range("--max-conns", maxConns, 1, 65_536);
        int waiting = queue == null ? 0 : (int) range("--queue", queue, 0, 1_000_000);
        Duration timeout = queueTimeout == null ? Duration.ofSeconds(10)
                : DurationText.parsePositive("--queue-timeout", queueTimeout);
        return ProxyConfig.single(hostPort("--listen", listen == null ? "127.0.0.1:8080" : listen),
                hostPort("--backend", backend), conns, waiting, timeout);
    }

    static InetSocketAddress hostPort(String flag, String text) {
        return HostPort.parse(text).orElseThrow(() -> new UsageException(
                flag + " must be HOST:PORT with a port from 0 to 65535, e.g. 127.0.0.1:8080, but was " + text));
    }

    private static long range(String flag, long value, long lo, long hi) {
        if (value < lo || value > hi) {
            throw new UsageException(flag + " must be from " + lo + " to " + hi + " but was " + value);
        }
        return value;
    }
}
