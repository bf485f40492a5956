package io.tailguard.path;

import io.tailguard.config.Check;
import io.tailguard.queue.BoundedQueueConfig;
import io.tailguard.queue.QueueDiscipline;
import io.tailguard.retry.RetryBudgetConfig;
import java.time.Duration;

/**
 * Thread-safe (immutable) what the decision path needs of one pool: how many backends, their caps,
 * the waiting room, the balancer, the response timeout, retries and ejection, and what happens to
 * the permit of an attempt nobody needs any more.
 *
 * @param name             the pool's name
 * @param backends         how many backends, at least 1
 * @param maxConns         requests in flight per backend (the initial limit when adaptive), at least 1
 * @param limit            how the cap moves
 * @param queue            the most requests waiting, at least 0 (0: none; refuse when every cap is full)
 * @param queueTimeout     the longest a request waits, greater than zero; also the {@code Retry-After}
 *                         before any request completed
 * @param discipline       which waiting request goes next
 * @param balancer         how a backend is chosen
 * @param responseTimeout  the longest from forwarding until the response head; zero for no limit
 * @param retryBudget      retries of refused connections on another backend
 * @param ejectAfter       a backend refusing this many connections in a row is skipped
 * @param ejectFor         for this long
 * @param holdCancelled    true: a cancelled attempt (its client left, another attempt won) keeps its
 *                         permit until its backend connection is closed or answered; false: the permit
 *                         is released when the attempt is cancelled
 */
public record PoolSettings(String name, int backends, int maxConns, LimitKind limit, int queue, Duration queueTimeout,
                           QueueDiscipline discipline, BalancerKind balancer, Duration responseTimeout,
                           RetryBudgetConfig retryBudget, int ejectAfter, Duration ejectFor, boolean holdCancelled) {

    /** Validates every field. */
    public PoolSettings {
        Check.notNull("name", name);
        Check.positive("backends", backends);
        Check.positive("max-conns", maxConns);
        Check.notNull("limit", limit);
        Check.nonNegative("queue", queue);
        Check.positive("queue-timeout", queueTimeout);
        Check.notNull("discipline", discipline);
        Check.notNull("balancer", balancer);
        Check.nonNegative("response-timeout", responseTimeout);
        Check.notNull("retry-budget", retryBudget);
        Check.positive("eject-after", ejectAfter);
        Check.positive("eject-for", ejectFor);
    }

    /** Returns {@code backends} fixed caps of {@code maxConns}, no queue, round robin, the proxy's defaults otherwise. */
    public static PoolSettings of(String name, int backends, int maxConns) {
        return new PoolSettings(name, backends, maxConns, LimitKind.FIXED, 0, Duration.ofSeconds(10),
                QueueDiscipline.FIFO, BalancerKind.ROUND_ROBIN, Duration.ofSeconds(30), RetryBudgetConfig.defaults(),
                3, Duration.ofSeconds(10), true);
    }

    /** Returns a copy with another waiting room. */
    public PoolSettings withQueue(int newQueue, Duration newQueueTimeout, QueueDiscipline newDiscipline) {
        return new PoolSettings(name, backends, maxConns, limit, newQueue, newQueueTimeout, newDiscipline, balancer,
                responseTimeout, retryBudget, ejectAfter, ejectFor, holdCancelled);
    }

    /** Returns a copy with another limit and balancer. */
    public PoolSettings with(LimitKind newLimit, BalancerKind newBalancer) {
        return new PoolSettings(name, backends, maxConns, newLimit, queue, queueTimeout, discipline, newBalancer,
                responseTimeout, retryBudget, ejectAfter, ejectFor, holdCancelled);
    }

    /** Returns a copy with another response timeout. */
    public PoolSettings withResponseTimeout(Duration newTimeout) {
        return new PoolSettings(name, backends, maxConns, limit, queue, queueTimeout, discipline, balancer,
                newTimeout, retryBudget, ejectAfter, ejectFor, holdCancelled);
    }

    /** Returns a copy with another retry budget and ejection. */
    public PoolSettings withRetries(RetryBudgetConfig newBudget, int newEjectAfter, Duration newEjectFor) {
        return new PoolSettings(name, backends, maxConns, limit, queue, queueTimeout, discipline, balancer,
                responseTimeout, newBudget, newEjectAfter, newEjectFor, holdCancelled);
    }

    /** Returns a copy whose cancelled attempts hold their permits, or not. */
    public PoolSettings withHoldCancelled(boolean hold) {
        return new PoolSettings(name, backends, maxConns, limit, queue, queueTimeout, discipline, balancer,
                responseTimeout, retryBudget, ejectAfter, ejectFor, hold);
    }

    /** Returns the core queue's settings (CoDel at its defaults), or null when {@code queue} is 0. */
    public BoundedQueueConfig queueConfig() {
        return queue == 0 ? null : new BoundedQueueConfig(queue, queueTimeout, discipline,
                BoundedQueueConfig.DEFAULT_TARGET_DELAY, BoundedQueueConfig.DEFAULT_INTERVAL);
    }
}
