package io.tailguard.lab.live.process;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Thread-safe (stateless) what every live experiment's nginx shares: it runs without root in its
 * own directory ({@code -p}), so every temporary path nginx would otherwise put under
 * {@code /var/lib/nginx} points into that directory.
 */
public final class Nginx {

    private Nginx() {
    }

    /** Checks that nginx is installed; says which Debian package to install if not. */
    public static Path require() {
        return Executables.require("nginx", "nginx");
    }

    /** Returns the {@code http} block's temporary-path directives for {@code dir}, one per line, indented. */
    public static String tempPaths(Path dir) {
        return String.join("\n",
                "  client_body_temp_path " + dir.resolve("client_body") + ";",
                "  proxy_temp_path " + dir.resolve("proxy") + ";",
                "  fastcgi_temp_path " + dir.resolve("fastcgi") + ";",
                "  uwsgi_temp_path " + dir.resolve("uwsgi") + ";",
                "  scgi_temp_path " + dir.resolve("scgi") + ";");
    }

    /** Writes {@code config} as {@code nginx.conf} in the launch's directory and starts nginx on it in the foreground. */
    public static ServerProcess start(Launch launch, String config) {
        Path nginx = require();
        Path dir = launch.dir();
        Path conf = launch.write("nginx.conf", config);
        List<String> command = List.of(nginx.toString(), "-p", dir + "/", "-c", conf.toString(),
                "-e", dir.resolve("error.log").toString());
        return launch.start(command, line -> { }, Map.of());
    }
}
