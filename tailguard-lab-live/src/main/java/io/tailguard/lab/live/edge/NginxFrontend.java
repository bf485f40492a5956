package io.tailguard.lab.live.edge;

import io.tailguard.lab.live.process.Executables;
import io.tailguard.lab.live.process.Launch;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

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
        return Executables.require("nginx", "nginx");
    }

    /**
     * Starts nginx on a free port.
     *
     * @param maxConns the upstream server's {@code max_conns}, or 0 for none (nginx's default)
     */
    static Frontend start(int backendPort, EdgeTiming timing, int maxConns) {
        Path nginx = requireNginx();
        Launch launch = Launch.prepare("nginx");
        Path dir = launch.dir();
        Path conf = launch.write("nginx.conf", config(dir, launch.port(), backendPort, timing, maxConns));
        List<String> command = List.of(nginx.toString(), "-p", dir + "/", "-c", conf.toString(),
                "-e", dir.resolve("error.log").toString());
        return new ProcessFrontend(launch.start(command, line -> { }, Map.of()), launch.port());
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
                "  client_body_temp_path " + dir.resolve("client_body") + ";",
                "  proxy_temp_path " + dir.resolve("proxy") + ";",
                "  fastcgi_temp_path " + dir.resolve("fastcgi") + ";",
                "  uwsgi_temp_path " + dir.resolve("uwsgi") + ";",
                "  scgi_temp_path " + dir.resolve("scgi") + ";",
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
