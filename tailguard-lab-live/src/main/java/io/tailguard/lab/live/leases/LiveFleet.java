package io.tailguard.lab.live.leases;

import io.tailguard.lab.live.process.Front;
import io.tailguard.lab.live.process.ProxyProcess;
import io.tailguard.load.backend.LeaseBackend;
import io.tailguard.load.backend.LeasePolicy;
import io.tailguard.sim.service.DelayTable;
import io.tailguard.time.NanoClock;
import io.tailguard.time.Scheduler;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/**
 * Not thread-safe: the demo's fleet: three lease-granting backends (the code of
 * {@code tailguard backend}, in this JVM: they only arm timers) and the tailguard proxy in front of
 * them in its own JVM, with the flags {@code ./tailguard proxy} uses. Between rows the backends
 * are restarted on the same ports with the next row's leases, and the proxy, as a real requester
 * must, loses their lease streams and opens new ones; a row starts once every backend's stream is
 * back. Closing the fleet stops all four.
 */
final class LiveFleet implements AutoCloseable {

    static final int BACKENDS = 3;
    private static final Duration STREAM_TIMEOUT = Duration.ofSeconds(10);

    private final NanoClock clock;
    private final String balancer;
    private final List<LeaseBackend> backends = new ArrayList<>();
    private final List<Integer> ports = new ArrayList<>();
    private Front proxy;

    private LiveFleet(NanoClock clock, String balancer) {
        this.clock = clock;
        this.balancer = balancer;
    }

    /** Starts backends for {@code first} and the proxy; the proxy holds their first leases when this returns. */
    static LiveFleet start(LeaseRow first, long seed, NanoClock clock) {
        LiveFleet fleet = new LiveFleet(clock, first.proxyBalancer());
        try {
            fleet.startBackends(first, seed);
            fleet.backends.forEach(b -> fleet.ports.add(b.address().getPort()));
            fleet.proxy = ProxyProcess.start("tailguard-leases", port -> yaml(port, fleet.ports, first.proxyBalancer()),
                    ProxyProcess.CLI_FLAGS);
            fleet.awaitStreams();
            return fleet;
        } catch (RuntimeException e) {
            fleet.close();
            throw e;
        }
    }

    /** Restarts the backends on their ports with {@code row}'s leases and waits for the proxy's streams. */
    void switchTo(LeaseRow row, long seed) {
        if (!row.proxyBalancer().equals(balancer)) {
            throw new IllegalArgumentException("row must use balancer " + balancer + " but was " + row.proxyBalancer());
        }
        backends.forEach(LeaseBackend::close);
        backends.clear();
        startBackends(row, seed);
        awaitStreams();
    }

    private void startBackends(LeaseRow row, long seed) {
        DelayTable demo = DelayTable.parse(DelayTable.DEMO);
        for (int i = 0; i < BACKENDS; i++) {
            DelayTable table = row.heterogeneous() && i == BACKENDS - 1 ? demo.halved() : demo;
            int port = ports.isEmpty() ? 0 : ports.get(i);
            backends.add(LeaseBackend.start(new InetSocketAddress("127.0.0.1", port), table,
                    LeasePolicy.parse(row.leasePolicy(), clock), clock, Scheduler.system(),
                    new SplittableRandom(seed + i)));
        }
    }

    private void awaitStreams() {
        if (!balancer.equals(LeaseRow.Balancer.LEAST_LOADED.proxy)) {
            return; // a balancer blind to leases opens no stream: its requests share each backend's own lease
        }
        try {
            for (LeaseBackend backend : backends) {
                if (!backend.awaitOpenSessions(1, STREAM_TIMEOUT)) {
                    throw new IllegalStateException("the proxy must open a lease stream to " + backend.address()
                            + " within " + STREAM_TIMEOUT.toSeconds() + " s but did not");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the proxy's lease streams", e);
        }
    }

    /** The proxy's configuration: one pool over the backends, a cap the leases never reach, no queue. */
    static String yaml(int port, List<Integer> backendPorts, String balancer) {
        String addresses = backendPorts.stream().map(p -> "127.0.0.1:" + p).collect(Collectors.joining(", "));
        return ProxyProcess.yamlHead(port, 20_000) + String.join("\n",
                "pools:",
                "  leases:",
                "    backends: [" + addresses + "]",
                "    balancer: " + balancer,
                "    max-conns: 10000",
                "    response-timeout: 30s",
                "");
    }

    /** Returns the port the load goes to. */
    int port() {
        return proxy.port();
    }

    @Override
    public void close() {
        if (proxy != null) {
            proxy.close();
        }
        backends.forEach(LeaseBackend::close);
    }
}
