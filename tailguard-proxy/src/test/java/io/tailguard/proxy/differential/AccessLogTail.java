package io.tailguard.proxy.differential;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Not thread-safe: reads the lines an access-log file gained since the last {@link #mark}. */
final class AccessLogTail {

    private final Path file;
    private long markBytes;

    AccessLogTail(Path file) {
        this.file = file;
    }

    Path file() {
        return file;
    }

    void mark() {
        markBytes = size();
    }

    /** The complete lines written since the mark. */
    List<String> lines() {
        try {
            byte[] all = Files.readAllBytes(file);
            String text = new String(all, (int) markBytes, all.length - (int) markBytes, StandardCharsets.UTF_8);
            return text.lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private long size() {
        try {
            return Files.exists(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
