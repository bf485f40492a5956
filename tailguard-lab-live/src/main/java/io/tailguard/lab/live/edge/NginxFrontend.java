package io.tailguard.lab.live.edge;

import io.tailguard.lab.live.process.Front;
import io.tailguard.lab.live.process.Launch;
import io.tailguard.lab.live.process.Nginx;
import io.tailguard.lab.live.process.ProcessFront;
import java.nio.file.Path;

/**
 * Thread-safe (stateless) starter of nginx in front of the backend, as the article configured it:
 * one worker, the upstream read timeout, and optionally {@code max_conns} on the upstream server.
 * It runs without root: {@code daemon off}, {@code master_process off} (one process, no user switch) and every
 * pid, log and temporary path inside its own directory.
 */
final class NginxFrontend {

    private NginxFrontend() {
    }

    /** Checks that nginx is installed; says which Debian package to install if not. */
    static Path requireNginx() {
        return Nginx.require();
    }

    /**
     * Starts nginx on a free port.
     *
     * @param maxConns the upstream server's {@code max_conns}, or 0 for none (nginx's default)
     */
    static Front start(int backendPort, EdgeTiming timing, int maxConns) {
        Launch launch = Launch.prepare("nginx");
        return new ProcessFront(Nginx.start(launch, config(launch.dir(), launch.port(), backendPort, timing,
                maxConns)), launch.port());
    }

    static String config(Path dir, int port, int backendPort, EdgeTiming timing, int maxConns) {
        return String.join("\n",
                "daemon off;",
                "master_process off;",
                "worker_processes 1;",
                "pid " + dir.resolve("nginx.pid") + ";",
                "error_log " + dir.resolve("error.log") + " info;",
                "events { worker_connections 256; }",
                "http {",
                "  access_log " + dir.resolve("access.log") + ";",
                Nginx.tempPaths(dir),
                "  upstream backend {",
                "    server 127.0.0.1:" + backendPort + (maxConns > 0 ? " max_conns=" + maxConns : "") + ";",
                "  }",
                "  server {",
                "    listen 127.0.0.1:" + port + ";",
                "    location / {",
                "      proxy_pass http://backend;",
                "      proxy_read_timeout " + EdgeTiming.ms(timing.proxyTimeout()) + ";",
                "    }",
                "  }",
                "}",
                "");
    }
}
