package io.tailguard.proxy;

import io.netty.channel.EventLoopGroup;
import io.tailguard.path.BalancerKind;
import io.tailguard.path.DecisionPath;
import io.tailguard.proxy.config.PoolConfig;
import io.tailguard.proxy.ops.ProxyMetrics;
import io.tailguard.proxy.upstream.LeaseLink;
import io.tailguard.proxy.upstream.Transport;
import io.tailguard.time.NanoClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Thread-safe: the lease streams of one pool that balances by lease, one {@link LeaseLink} per
 * backend on an event loop of their own (a lease must not wait behind client traffic). Started
 * with the pool; the pool's construction waits for every backend's first lease, up to the
 * connect timeout, so the first request already sees them.
 */
final class LeaseLinks implements AutoCloseable {

    private final EventLoopGroup group;
    private final List<LeaseLink> links = new ArrayList<>();

    private LeaseLinks(PoolConfig config, Transport transport, NanoClock clock, ProxyMetrics metrics,
                       DecisionPath<?> path) {
        this.group = transport.group(1);
        for (int i = 0; i < config.backends().size(); i++) {
            var address = config.backends().get(i);
            String name = address.getHostString() + ":" + address.getPort();
            links.add(new LeaseLink(address, group.next(), transport, clock, config.connectTimeout(),
                    up -> metrics.leaseEvent(name, up), path, i));
        }
    }

    /** True if {@code kind} reads leases. */
    static boolean needed(BalancerKind kind) {
        return kind == BalancerKind.LEAST_LOADED_BY_LEASE || kind == BalancerKind.P2C_BY_AVAILABILITY;
    }

    /** Opens every backend's stream and waits up to the connect timeout for each first lease. */
    static LeaseLinks start(PoolConfig config, Transport transport, NanoClock clock, ProxyMetrics metrics,
                            DecisionPath<?> path) {
        LeaseLinks links = new LeaseLinks(config, transport, clock, metrics, path);
        links.links.forEach(LeaseLink::start);
        Duration timeout = config.connectTimeout();
        try {
            for (LeaseLink link : links.links) {
                // a backend that is down or does not grant leases is simply unavailable: not a start failure
                link.awaitFirstLease(timeout);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return links;
    }

    /** Returns backend {@code index}'s link. */
    LeaseLink get(int index) {
        return links.get(index);
    }

    @Override
    public void close() {
        links.forEach(LeaseLink::close);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
