package io.tailguard.lab.live.overload;

import io.tailguard.lab.live.process.Executables;
import io.tailguard.lab.live.process.Front;
import io.tailguard.lab.live.process.Launch;
import io.tailguard.lab.live.process.Nginx;
import io.tailguard.lab.live.process.ProcessFront;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Thread-safe (stateless) starters of the incumbents in front of the backend, each in its own
 * temporary directory on a free loopback port: nginx as commonly configured (no limit towards the
 * backend), and HAProxy with {@code maxconn} = the backend's workers and {@code timeout queue}.
 */
final class Incumbents {

    /** Open connections each incumbent accepts: above the load generator's most (5000) plus the backend side. */
    static final int MAX_CONNECTIONS = 12_000;

    private Incumbents() {
    }

    /** Starts nginx in front of 127.0.0.1:{@code backendPort}. */
    static Front nginx(int backendPort) {
        Launch launch = Launch.prepare("nginx");
        return new ProcessFront(Nginx.start(launch, nginxConfig(launch.dir(), launch.port(), backendPort)),
                launch.port());
    }

    /** Starts HAProxy in front of 127.0.0.1:{@code backendPort}. */
    static Front haproxy(int backendPort, OverloadPlan plan) {
        Path haproxy = Executables.require("haproxy", "haproxy");
        Launch launch = Launch.prepare("haproxy");
        Path cfg = launch.write("haproxy.cfg", haproxyConfig(launch.port(), backendPort, plan));
        return new ProcessFront(launch.start(List.of(haproxy.toString(), "-db", "-f", cfg.toString()),
                line -> { }, Map.of()), launch.port());
    }

    static String nginxConfig(Path dir, int port, int backendPort) {
        return String.join("\n",
                "daemon off;",
                "master_process off;",
                "worker_processes 1;",
                "worker_rlimit_nofile " + (2 * MAX_CONNECTIONS) + ";",
                "pid " + dir.resolve("nginx.pid") + ";",
                "error_log " + dir.resolve("error.log") + " error;",
                "events { worker_connections " + MAX_CONNECTIONS + "; }",
                "http {",
                "  access_log off;",
                Nginx.tempPaths(dir),
                "  upstream backend { server 127.0.0.1:" + backendPort + "; }",
                "  server {",
                "    listen 127.0.0.1:" + port + " backlog=4096;",
                "    keepalive_requests 1000000;",
                "    location / { proxy_pass http://backend; }",
                "  }",
                "}",
                "");
    }

    static String haproxyConfig(int port, int backendPort, OverloadPlan plan) {
        return String.join("\n",
                "global",
                "  maxconn " + MAX_CONNECTIONS / 2,
                "defaults",
                "  mode http",
                "  timeout connect 5s",
                "  timeout client 30s",
                "  timeout server 30s",
                "  timeout queue " + plan.queueTimeout().toMillis() + "ms",
                "frontend overload",
                "  bind 127.0.0.1:" + port,
                "  default_backend app",
                "backend app",
                "  server app1 127.0.0.1:" + backendPort + " maxconn " + plan.workers(),
                "");
    }
}
