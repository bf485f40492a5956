package io.tailguard.proxy.config;

import io.tailguard.retry.RetryBudgetConfig;
import io.tailguard.config.Check;
import io.tailguard.path.BalancerKind;
import io.tailguard.path.LimitKind;
import io.tailguard.path.PoolSettings;
import io.tailguard.queue.BoundedQueueConfig;
import io.tailguard.queue.QueueDiscipline;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;

/**
 * Thread-safe (immutable) settings of one backend pool: its servers, the concurrency cap per server,
 * the bounded queue in front of the caps and the timeouts of an upstream exchange.
 *
 * @param name            the pool's name, used in metrics and the access log
 * @param backends        the servers, at least one
 * @param maxConns        requests in flight per server (the initial limit when adaptive), at least 1
 * @param limit           how the cap moves: fixed or adaptive
 * @param queue           the most requests waiting for a place, at least 0 (0: no queue)
 * @param queueTimeout    the longest a request waits in the queue, greater than zero
 * @param discipline      which waiting request goes next
 * @param balancer        how a server is chosen
 * @param connectTimeout  the longest a connection to a server may take to open
 * @param responseTimeout the longest from sending a request until the response head arrives
 * @param idleTimeout     pooled connections idle this long are closed (keep it below the servers' own)
 * @param retryBudget     retries of refused connections on another server
 * @param ejectAfter      a server refusing this many connections in a row is taken out of rotation
 * @param ejectFor        for this long
 * @param holdPermitOnDeparture when a client leaves mid-request, keep its permit until the backend
 *                        answers or closes (at most {@code responseTimeout}): the cap then counts
 *                        work the backend is still doing. False frees it at once, for backends that
 *                        stop work when the proxy closes the connection.
 */
public record PoolConfig(String name, List<InetSocketAddress> backends, int maxConns, LimitKind limit, int queue,
                         Duration queueTimeout, QueueDiscipline discipline, BalancerKind balancer,
                         Duration connectTimeout, Duration responseTimeout, Duration idleTimeout,
                         RetryBudgetConfig retryBudget, int ejectAfter, Duration ejectFor,
                         boolean holdPermitOnDeparture) {

    /** Default concurrency cap per server. */
    public static final int DEFAULT_MAX_CONNS = 100;
    /** Default queue timeout. */
    public static final Duration DEFAULT_QUEUE_TIMEOUT = Duration.ofSeconds(10);

    /**
     * Validates every field: the backends and the connection timeouts here (a response timeout must be
     * greater than zero, where the decision path also takes zero for none), the rest by building the
     * {@link PoolSettings} the decision path reads, with the same names and messages.
     */
    public PoolConfig {
        Check.notNull("backends", backends);
        if (backends.isEmpty()) {
            throw new IllegalArgumentException("backends must be a non-empty list but was []");
        }
        backends = List.copyOf(backends);
        Check.positive("connect-timeout", connectTimeout);
        Check.positive("response-timeout", responseTimeout);
        Check.positive("idle-timeout", idleTimeout);
        new PoolSettings(name, backends.size(), maxConns, limit, queue, queueTimeout, discipline, balancer,
                responseTimeout, retryBudget, ejectAfter, ejectFor, holdPermitOnDeparture);
    }

    /** Creates a pool that holds a departed client's permit (the default of {@code hold-permit-on-departure}). */
    public PoolConfig(String name, List<InetSocketAddress> backends, int maxConns, LimitKind limit, int queue,
                      Duration queueTimeout, QueueDiscipline discipline, BalancerKind balancer,
                      Duration connectTimeout, Duration responseTimeout, Duration idleTimeout,
                      RetryBudgetConfig retryBudget, int ejectAfter, Duration ejectFor) {
        this(name, backends, maxConns, limit, queue, queueTimeout, discipline, balancer, connectTimeout,
                responseTimeout, idleTimeout, retryBudget, ejectAfter, ejectFor, true);
    }

    /** Returns a pool of {@code backends} with every other setting at its default. */
    public static PoolConfig of(String name, List<InetSocketAddress> backends) {
        return new PoolConfig(name, backends, DEFAULT_MAX_CONNS, LimitKind.FIXED, 0, DEFAULT_QUEUE_TIMEOUT,
                QueueDiscipline.FIFO, BalancerKind.ROUND_ROBIN, Duration.ofSeconds(2), Duration.ofSeconds(30),
                Duration.ofSeconds(10), RetryBudgetConfig.defaults(), 3, Duration.ofSeconds(10), true);
    }

    /** Returns a copy with the cap, queue size and queue timeout replaced. */
    public PoolConfig withQueueing(int newMaxConns, int newQueue, Duration newQueueTimeout) {
        return new PoolConfig(name, backends, newMaxConns, limit, newQueue, newQueueTimeout, discipline, balancer,
                connectTimeout, responseTimeout, idleTimeout, retryBudget, ejectAfter, ejectFor,
                holdPermitOnDeparture);
    }

    /** Returns a copy that holds (true) or frees (false) a departed client's permit at once. */
    public PoolConfig withHoldPermitOnDeparture(boolean hold) {
        return new PoolConfig(name, backends, maxConns, limit, queue, queueTimeout, discipline, balancer,
                connectTimeout, responseTimeout, idleTimeout, retryBudget, ejectAfter, ejectFor, hold);
    }

    /**
     * Returns the core waiting room's settings: {@code queue} places, {@code queue-timeout}, the
     * discipline, CoDel's default target and interval. The proxy builds its queue from this, and so
     * does anything that must run the same queue elsewhere (the simulator's twin of a live run).
     *
     * @throws IllegalStateException if {@code queue} is 0 (the pool has no queue)
     */
    public BoundedQueueConfig queueConfig() {
        if (queue == 0) {
            throw new IllegalStateException("pool " + name + " has no queue (queue is 0)");
        }
        return new BoundedQueueConfig(queue, queueTimeout, discipline, BoundedQueueConfig.DEFAULT_TARGET_DELAY,
                BoundedQueueConfig.DEFAULT_INTERVAL);
    }
}
