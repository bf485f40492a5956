package io.tailguard.artifacts;

/**
 * Thread-safe (immutable) record of one file a run wrote.
 *
 * @param file   path relative to the output directory, with {@code /} separators
 * @param bytes  file size
 * @param sha256 lower-case hex SHA-256 of the file's bytes
 */
public record Artifact(String file, long bytes, String sha256) {
}
