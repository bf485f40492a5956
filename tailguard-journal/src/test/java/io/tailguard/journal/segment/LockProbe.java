package io.tailguard.journal.segment;

import io.tailguard.journal.Journal;
import io.tailguard.journal.JournalConfig;
import java.nio.file.Path;

/**
 * Child process of {@link DirectoryLockTest}: tries to open the journal in {@code args[0]} for
 * appending, prints {@code opened <last sequence>} or {@code refused <exception>: <message>}, and exits.
 * With a second argument N it appends N records first (proving it really holds the journal).
 */
public final class LockProbe {

    private LockProbe() {
    }

    /** Args: directory, segment size in bytes, [records to append]. */
    public static void main(String[] args) {
        JournalConfig cfg = JournalConfig.builder(Path.of(args[0])).segmentSizeBytes(Integer.parseInt(args[1])).build();
        try (Journal j = Journal.open(cfg)) {
            int records = args.length > 2 ? Integer.parseInt(args[2]) : 0;
            for (int i = 0; i < records; i++) {
                j.appendBlocking(new byte[] {1, 2, 3});
            }
            System.out.println("opened " + j.writtenSequence());
        } catch (RuntimeException e) {
            System.out.println("refused " + e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }
}
