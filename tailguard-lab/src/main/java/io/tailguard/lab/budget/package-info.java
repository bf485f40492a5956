/**
 * The published lab's timeout-budgets experiment: a deadline propagated down the call tree (the core
 * {@link io.tailguard.deadline.DeadlineBudget}) stops work nobody will wait for, against per-call
 * timeouts alone and against breakers.
 */
package io.tailguard.lab.budget;
