/**
 * Deadline budgets: a request carries the time it has left, every hop spends from it, and an attempt
 * that cannot finish in what is left is not started (gRPC's deadline propagation, in policy form).
 */
package io.tailguard.deadline;
