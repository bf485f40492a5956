/**
 * Internal, not an API (public only for the journal's other packages): what the journal's
 * background threads (force, preparer, replication sender, replica server) share: the base of
 * the two that loop until stopped ({@link io.tailguard.journal.worker.Worker}), how they wait
 * for work ({@link io.tailguard.journal.worker.IdleStrategy}), how they report a problem that
 * repeats ({@link io.tailguard.journal.worker.IncidentLog}) and how a stop waits for them to end
 * ({@link io.tailguard.journal.worker.Threads}).
 */
package io.tailguard.journal.worker;
