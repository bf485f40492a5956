package io.tailguard.proxy.differential;

import io.tailguard.proxy.ProxyServer;
import io.tailguard.proxy.config.ProxyConfigFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Thread-safe: a tailguard proxy in this process, on 127.0.0.1 port 0, in front of one backend, with
 * the settings every proxy of the differential suite gets (nginx and HAProxy are given the same in
 * {@code scripts/differential.sh}), its access log in a temporary file.
 */
final class Tailguard implements AutoCloseable {

    /** Client connections the proxy holds at once: the suite's idle clients fill them. */
    static final int MAX_CONNECTIONS = 16;
    /** Requests in flight at the backend. */
    static final int MAX_CONNS = 4;
    static final int MAX_INITIAL_LINE = 1024;
    static final int MAX_HEADER_BYTES = 4096;
    /** The longest from forwarding until a response head, as nginx and HAProxy are given it. */
    static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(1);

    private final ProxyServer proxy;
    private final AccessLogTail accessLog;

    Tailguard(InetSocketAddress backend) {
        this(backend, RESPONSE_TIMEOUT);
    }

    /** A proxy with the suite's settings but {@code responseTimeout} for the pool's response timeout. */
    Tailguard(InetSocketAddress backend, Duration responseTimeout) {
        try {
            Path log = Files.createTempFile("tailguard-differential", ".log");
            log.toFile().deleteOnExit();
            accessLog = new AccessLogTail(log);
            proxy = ProxyServer.start(ProxyConfigFile.parse(yaml(backend, log, responseTimeout)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String yaml(InetSocketAddress backend, Path log, Duration responseTimeout) {
        return "listen: 127.0.0.1:0\n"
                + "admin: 127.0.0.1:0\n"
                + "access-log: " + log + "\n"
                + "limits:\n"
                + "  max-connections: " + MAX_CONNECTIONS + "\n"
                + "  max-initial-line: " + MAX_INITIAL_LINE + "\n"
                + "  max-header-bytes: " + MAX_HEADER_BYTES + "\n"
                + "  max-body-bytes: 65536\n"
                + "  header-timeout: 1s\n"
                + "  body-timeout: 1s\n"
                + "  idle-timeout: 5s\n"
                + "pools:\n"
                + "  app:\n"
                + "    backends: [127.0.0.1:" + backend.getPort() + "]\n"
                + "    max-conns: " + MAX_CONNS + "\n"
                + "    queue: 8\n"
                + "    queue-timeout: 1s\n"
                + "    response-timeout: " + responseTimeout.toMillis() + "ms\n";
    }

    InetSocketAddress address() {
        return proxy.boundAddress();
    }

    AccessLogTail accessLog() {
        return accessLog;
    }

    @Override
    public void close() {
        proxy.close();
        try {
            Files.deleteIfExists(accessLog.file());
        } catch (IOException ignored) {
            // a temporary file, deleted on exit anyway
        }
    }
}
