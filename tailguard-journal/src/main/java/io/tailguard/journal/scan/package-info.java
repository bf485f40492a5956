/**
 * Internal, not an API (public only for the journal's other packages): how a journal directory is
 * read before it is trusted. The scan at open that recovers the tail and cuts only a provable torn
 * one ({@link io.tailguard.journal.scan.SegmentScanner}, {@link io.tailguard.journal.scan.DirectoryScan},
 * {@link io.tailguard.journal.scan.Recovered}; {@code docs/decisions/009}), the operator's verify,
 * and the identity files ({@link io.tailguard.journal.scan.IdFile}). Users call
 * {@link io.tailguard.journal.Journal#verify} and {@link io.tailguard.journal.JournalRepair}.
 */
package io.tailguard.journal.scan;
