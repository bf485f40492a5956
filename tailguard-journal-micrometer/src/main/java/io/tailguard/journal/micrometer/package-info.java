/**
 * The Micrometer binder of a {@link io.tailguard.journal.Journal}, kept apart from the policies'
 * binders in {@code tailguard-micrometer} so that neither the journal nor those binders depend on
 * the other.
 */
package io.tailguard.journal.micrometer;
