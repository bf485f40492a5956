/**
 * The published lab's failure-isolation experiment: a greedy neighbour whose calls succeed (slowly)
 * fills a shared frontend; breakers and budgets do not see it, a bulkhead (the core fixed
 * {@link io.tailguard.limit.ConcurrencyLimiter} per route) does.
 */
package io.tailguard.lab.isolation;
