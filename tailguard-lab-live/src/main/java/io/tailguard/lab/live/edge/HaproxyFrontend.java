package io.tailguard.lab.live.edge;

import io.tailguard.lab.live.process.Executables;
import io.tailguard.lab.live.process.FreePort;
import io.tailguard.lab.live.process.ServerProcess;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Thread-safe HAProxy in front of the backend, the incumbent that can queue: {@code maxconn 1} on
 * the server, so one request at a time reaches Puma and the rest wait in HAProxy's queue for at
 * most {@code timeout queue}. It runs in the foreground ({@code -db}) with no pid file.
 */
final class HaproxyFrontend implements Frontend {

    private final ServerProcess haproxy;
    private final int port;

    private HaproxyFrontend(ServerProcess haproxy, int port) {
        this.haproxy = haproxy;
        this.port = port;
    }

    /** Checks that HAProxy is installed; says which Debian package to install if not. */
    static Path requireHaproxy() {
        return Executables.require("haproxy", "haproxy");
    }

    /** Starts HAProxy on a free port. */
    static HaproxyFrontend start(int backendPort, EdgeTiming timing) {
        Path haproxy = requireHaproxy();
        Path dir = ServerProcess.tempDir("haproxy");
        int port = FreePort.next();
        Path cfg = dir.resolve("haproxy.cfg");
        try {
            Files.writeString(cfg, config(port, backendPort, timing));
        } catch (IOException e) {
            throw new UncheckedIOException("could not write haproxy.cfg in " + dir + ": " + e.getMessage(), e);
        }
        List<String> command = List.of(haproxy.toString(), "-db", "-f", cfg.toString());
        return new HaproxyFrontend(ServerProcess.start("haproxy", command, dir, port, line -> { }, Map.of()), port);
    }

    static String config(int port, int backendPort, EdgeTiming timing) {
        String proxyTimeout = EdgeTiming.ms(timing.proxyTimeout());
        return String.join("\n",
                "global",
                "  maxconn 256",
                "defaults",
                "  mode http",
                "  timeout connect 5s",
                // the client side must outlast every wait the backend side allows
                "  timeout client " + EdgeTiming.ms(timing.proxyTimeout().multipliedBy(2)),
                "  timeout server " + proxyTimeout,
                "  timeout queue " + proxyTimeout,
                "frontend edge",
                "  bind 127.0.0.1:" + port,
                "  default_backend puma",
                "backend puma",
                "  server puma1 127.0.0.1:" + backendPort + " maxconn 1",
                "");
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public void close() {
        haproxy.close();
    }
}
