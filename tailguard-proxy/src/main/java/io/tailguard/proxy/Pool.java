package io.tailguard.proxy;

import io.tailguard.path.Completion;
import io.tailguard.path.DecisionPath;
import io.tailguard.path.LocalAnswer;
import io.tailguard.path.PathHost;
import io.tailguard.proxy.config.PathSettings;
import io.tailguard.proxy.config.PoolConfig;
import io.tailguard.proxy.ops.ProxyMetrics;
import io.tailguard.proxy.upstream.Backend;
import io.tailguard.proxy.upstream.Transport;
import io.tailguard.time.NanoClock;
import io.tailguard.time.Scheduler;
import java.util.SplittableRandom;

/**
 * Thread-safe: a pool of backends, whose every per-request decision is made by one core
 * {@link DecisionPath}: rate gates and deadline (through each route's {@code PathRoute}), admission,
 * the queue and its timeout, the choice of backend, retries, ejection, hedging, departures and what
 * a completion teaches. The pool is that path's host: it carries the path's commands to the
 * exchange they concern, on that exchange's event loop, and keeps the backends' connections.
 */
public final class Pool implements PathHost<Exchange> {

    private final PoolConfig config;
    private final NanoClock clock;
    private final ProxyMetrics metrics;
    private final Scheduler scheduler;
    private final DecisionPath<Exchange> path;
    private final Backend[] backends;
    private final LeaseLinks leases;

    Pool(PoolConfig config, Transport transport, NanoClock clock, ProxyMetrics metrics) {
        this.config = config;
        this.clock = clock;
        this.metrics = metrics;
        this.scheduler = PathScheduler.on(clock);
        this.path = new DecisionPath<>(PathSettings.pool(config), scheduler, this,
                new SplittableRandom(config.backends().size()));
        this.leases = LeaseLinks.needed(config.balancer()) ? LeaseLinks.start(config, transport, clock, metrics, path)
                : null;
        this.backends = new Backend[config.backends().size()];
        for (int i = 0; i < backends.length; i++) {
            backends[i] = new Backend(i, config.backends().get(i), config, transport,
                    leases == null ? null : leases.get(i));
        }
        metrics.registerPool(this);
    }

    /** Closes the pool's lease streams, if it balances by lease. */
    void close() {
        if (leases != null) {
            leases.close();
        }
    }

    public String name() {
        return config.name();
    }

    public PoolConfig config() {
        return config;
    }

    public DecisionPath<Exchange> path() {
        return path;
    }

    /** The scheduler of the path's timers, on the proxy's clock. */
    Scheduler scheduler() {
        return scheduler;
    }

    public NanoClock clock() {
        return clock;
    }

    ProxyMetrics metrics() {
        return metrics;
    }

    public Backend[] backends() {
        return backends.clone();
    }

    /** True if a request could go to another backend of this pool (hedging needs a second one). */
    boolean hasSeveralBackends() {
        return backends.length > 1;
    }

    public int queued() {
        return path.queued();
    }

    @Override
    public void forward(Exchange exchange, int backend, int attempt) {
        if (attempt == 0) {
            metrics.admitted(this);
        }
        exchange.commands().forward(backends[backend], attempt);
    }

    @Override
    public void answer(Exchange exchange, LocalAnswer answer, long retryAfterSeconds) {
        exchange.commands().answer(answer, retryAfterSeconds);
    }

    @Override
    public void askGate(Exchange exchange) {
        exchange.askSharedRate();
    }

    @Override
    public void cancel(Exchange exchange, int attempt) {
        exchange.commands().cancel(attempt);
    }

    @Override
    public void queued(Exchange exchange) {
        metrics.queued(this);
    }

    @Override
    public void completed(int backend, long heldNanos, Completion completion) {
        metrics.upstream(backends[backend], heldNanos, completion);
    }
}
