/**
 * Micrometer {@link io.micrometer.core.instrument.binder.MeterBinder}s for tailguard's policies:
 * admission tallies, concurrency limiters, token buckets, queues, hedgers, lease gates and retry
 * budgets (a journal's binder is in {@code tailguard-journal-micrometer}). Names are dot-separated
 * under {@code tailguard.}; the instance is told apart by the tags the caller gives (for example
 * {@code name=api}), never by the name.
 */
package io.tailguard.micrometer;
