package io.tailguard.artifacts;

/**
 * Not thread-safe (holds the caller's array; do not change it after handing it over): one artifact
 * that is neither a table nor a chart, written as given, for example an HdrHistogram interval log.
 *
 * @param file  plain file name
 * @param bytes the file's content
 */
public record FileArtifact(String file, byte[] bytes) {

    /** Validates. */
    public FileArtifact {
        if (file == null || file.isBlank() || file.contains("/") || file.contains("\\")
                || file.endsWith(".csv") || file.endsWith(".png")) {
            throw new IllegalArgumentException("file must be a plain name not ending in .csv or .png but was " + file);
        }
        if (bytes == null) {
            throw new IllegalArgumentException("bytes must be non-null but was null");
        }
    }
}
