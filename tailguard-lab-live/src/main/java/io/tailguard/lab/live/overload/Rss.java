package io.tailguard.lab.live.overload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Thread-safe (stateless) reader of a process's resident memory: the {@code VmRSS} line of
 * {@code /proc/<pid>/status}, in MiB.
 */
final class Rss {

    private Rss() {
    }

    /** Returns the resident memory of {@code pid} in MiB, or NaN if it cannot be read (no /proc, process gone). */
    static double mebibytes(long pid) {
        try {
            return parse(Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")));
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** Returns the {@code VmRSS} of a status file's lines in MiB, or NaN if it has none. */
    static double parse(List<String> statusLines) {
        for (String line : statusLines) {
            if (line.startsWith("VmRSS:")) {
                String[] parts = line.substring("VmRSS:".length()).trim().split("\\s+");
                return Long.parseLong(parts[0]) / 1024.0;
            }
        }
        return Double.NaN;
    }
}
