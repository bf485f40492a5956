/**
 * Internal, not an API (public only for the journal's other packages): how a journal directory is
 * read and checked. The scan at open that recovers the tail and cuts only a provable torn
 * one ({@link io.tailguard.journal.scan.SegmentScanner}, {@link io.tailguard.journal.scan.DirectoryScan},
 * {@link io.tailguard.journal.scan.Recovered}; {@code docs/decisions/009}), the operator's verify,
 * the identity files ({@link io.tailguard.journal.scan.IdFile}) and the checked reading of records
 * ({@link io.tailguard.journal.scan.RecordReader}). Users call {@link io.tailguard.journal.Journal#verify},
 * {@link io.tailguard.journal.JournalRepair} and {@link io.tailguard.journal.Tailer}.
 */
package io.tailguard.journal.scan;
