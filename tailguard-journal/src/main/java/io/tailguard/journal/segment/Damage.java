package io.tailguard.journal.segment;

import java.nio.file.Path;

/**
 * Thread-safe (immutable): where a journal is damaged and why: the file, the byte offset in it and
 * a reason a person can act on.
 *
 * @param file the damaged (or missing) file
 * @param position byte offset of the damage in {@code file} (0 for a file that is missing or whose header is bad)
 * @param reason what is wrong
 */
public record Damage(Path file, long position, String reason) {

    /** Returns {@code <file> at byte <position>: <reason>}. */
    public String describe() {
        return file + " at byte " + position + ": " + reason;
    }
}
