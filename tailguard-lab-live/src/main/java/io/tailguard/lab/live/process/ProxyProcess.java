package io.tailguard.lab.live.process;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * Thread-safe (stateless) starter of the tailguard proxy in its own JVM ({@link ProxyMain} on this
 * JVM's class path), configured by the YAML text {@code tailguard proxy --config} reads. Its own
 * JVM, so that the proxy's memory and collector are its own and not the load generator's.
 */
public final class ProxyProcess {

    private ProxyProcess() {
    }

    /** The JVM flags {@code ./tailguard proxy} starts the proxy with (see tailguard-proxy/README.md). */
    public static final List<String> CLI_FLAGS = List.of("-XX:+UseParallelGC", "-Dio.netty.leakDetection.level=disabled");

    /**
     * Returns the head of a lab proxy's configuration: {@code port} to listen on, a free admin port,
     * no access log, no drain, at most {@code maxConnections} client connections; pools follow.
     */
    public static String yamlHead(int port, int maxConnections) {
        return String.join("\n",
                "listen: 127.0.0.1:" + port,
                "admin: 127.0.0.1:0",
                "access-log: off",
                "drain-grace: 0s",
                "limits:",
                "  max-connections: " + maxConnections,
                "");
    }

    /**
     * Starts the proxy called {@code name} on a free loopback port.
     *
     * @param yaml     the configuration text for the port the proxy must listen on
     * @param jvmFlags flags for the proxy's JVM, for example {@link #CLI_FLAGS}
     */
    public static Front start(String name, IntFunction<String> yaml, List<String> jvmFlags) {
        Launch launch = Launch.prepare(name);
        Path config = launch.write("proxy.yaml", yaml.apply(launch.port()));
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (Runtime.version().feature() >= 22) {
            // Netty's epoll transport loads a native library; the CLI jar's manifest consents to it
            command.add("--enable-native-access=ALL-UNNAMED");
        }
        command.addAll(jvmFlags);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), ProxyMain.class.getName(), config.toString()));
        return new ProcessFront(launch.start(command, line -> { }, Map.of()), launch.port());
    }
}
