package io.tailguard.lab.live.overload;

import io.tailguard.lab.live.process.Front;
import io.tailguard.lab.live.process.ProxyProcess;
import io.tailguard.proxy.config.PoolConfig;
import io.tailguard.proxy.config.ProxyConfig;
import io.tailguard.proxy.config.ProxyConfigFile;
import java.util.List;

/**
 * Thread-safe (stateless) starter of the tailguard proxy in its own JVM ({@link ProxyProcess}),
 * configured by the same YAML text {@code tailguard proxy --config} reads: a cap
 * of the backend's workers, a CoDel queue of {@link OverloadPlan#tailguardQueue()} places with the
 * shared queue timeout, and a fixed or adaptive ({@code gradient2}) limit.
 */
final class TailguardFront {

    /** The adaptive limit of the {@code tailguard-adaptive} setup. */
    static final String ADAPTIVE_LIMIT = "gradient2";

    private TailguardFront() {
    }

    /** Returns the proxy's configuration file text. */
    static String yaml(int port, int backendPort, OverloadPlan plan, boolean adaptive) {
        return ProxyProcess.yamlHead(port, Incumbents.MAX_CONNECTIONS) + String.join("\n",
                "pools:",
                "  app:",
                "    backends: [127.0.0.1:" + backendPort + "]",
                "    max-conns: " + plan.workers(),
                "    limit: " + (adaptive ? ADAPTIVE_LIMIT : "fixed"),
                "    queue: " + plan.tailguardQueue(),
                "    queue-timeout: " + plan.queueTimeout().toMillis() + "ms",
                "    discipline: codel",
                "");
    }

    /** Returns the configuration the proxy runs for {@code plan}, parsed from the same text the proxy reads. */
    static ProxyConfig config(OverloadPlan plan, boolean adaptive) {
        return ProxyConfigFile.parse(yaml(1, 2, plan, adaptive));
    }

    /** Returns the pool the proxy runs for {@code plan}. */
    static PoolConfig pool(OverloadPlan plan, boolean adaptive) {
        return config(plan, adaptive).pools().get(0);
    }

    /** Starts the proxy's JVM in front of 127.0.0.1:{@code backendPort}. */
    static Front start(int backendPort, OverloadPlan plan, boolean adaptive) {
        return ProxyProcess.start(adaptive ? "tailguard-adaptive" : "tailguard-fixed",
                port -> yaml(port, backendPort, plan, adaptive), List.of());
    }
}
