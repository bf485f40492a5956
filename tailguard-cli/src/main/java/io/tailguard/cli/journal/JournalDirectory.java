package io.tailguard.cli.journal;

import io.tailguard.cli.UsageException;
import io.tailguard.journal.Journal;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Not thread-safe (one command run): the {@code --dir} of a journal command that reads a journal already there. */
final class JournalDirectory {

    @Option(names = "--dir", required = true, paramLabel = "PATH", description = "The journal directory.")
    Path dir;

    /** Returns {@code --dir}, or refuses it (exit 2) when it holds no journal, saying what it holds instead. */
    Path existing() {
        String why = Journal.whyNotAJournal(dir);
        if (why != null) {
            throw new UsageException("--dir value '" + dir + "' is not allowed: " + why);
        }
        return dir;
    }
}
