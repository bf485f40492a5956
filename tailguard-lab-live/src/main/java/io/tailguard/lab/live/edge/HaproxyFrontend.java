package io.tailguard.lab.live.edge;

import io.tailguard.lab.live.process.Executables;
import io.tailguard.lab.live.process.Front;
import io.tailguard.lab.live.process.Launch;
import io.tailguard.lab.live.process.ProcessFront;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Thread-safe (stateless) starter of HAProxy in front of the backend, the incumbent that can
 * queue: {@code maxconn 1} on the server, so one request at a time reaches Puma and the rest wait
 * in HAProxy's queue for at most {@code timeout queue}. It runs in the foreground ({@code -db}) with no pid file.
 */
final class HaproxyFrontend {

    private HaproxyFrontend() {
    }

    /** Checks that HAProxy is installed; says which Debian package to install if not. */
    static Path requireHaproxy() {
        return Executables.require("haproxy", "haproxy");
    }

    /** Starts HAProxy on a free port. */
    static Front start(int backendPort, EdgeTiming timing) {
        Path haproxy = requireHaproxy();
        Launch launch = Launch.prepare("haproxy");
        Path cfg = launch.write("haproxy.cfg", config(launch.port(), backendPort, timing));
        List<String> command = List.of(haproxy.toString(), "-db", "-f", cfg.toString());
        return new ProcessFront(launch.start(command, line -> { }, Map.of()), launch.port());
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
}
