package io.tailguard.journal.segment;

/**
 * Thread-safe (immutable): thrown when a journal cannot be opened because it is damaged where
 * cutting could lose records; nothing on disk was changed. The message names the file, the byte
 * offset and the reason, and {@link #report()} holds the whole scan.
 */
public final class JournalCorruptedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient ScanReport report;

    /** Creates the exception with {@code message} and the scan that refused. */
    public JournalCorruptedException(String message, ScanReport report) {
        super(message);
        this.report = report;
    }

    /** Returns the scan that refused (the same one {@code journal verify} prints). */
    public ScanReport report() {
        return report;
    }
}
