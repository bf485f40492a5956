/**
 * Hedged (speculative) requests: {@link io.tailguard.hedge.Hedger} starts a second attempt when
 * the first has not answered after a delay, takes the first success and cancels the rest.
 *
 * <p>The policy is the record {@link io.tailguard.hedge.HedgePolicy}: at most 5 attempts, a
 * {@link io.tailguard.hedge.HedgeDelay} (fixed patience or a percentile of recent latency), an
 * overall timeout and an optional {@link io.tailguard.hedge.HedgeBudget} that caps hedges as a share
 * of calls. Attempts and timers run on the core {@link io.tailguard.time.Scheduler}, so the same
 * code runs on real time and in the simulator's virtual time.
 */
package io.tailguard.hedge;
