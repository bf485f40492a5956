package io.tailguard.proxy;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Thread-safe: one line per request, fields as {@code key=value} separated by spaces:
 * {@code method}, {@code uri}, {@code status}, {@code reason} (the reject or error reason, {@code -}
 * when none), {@code queue_ms}, {@code upstream_ms} ({@code -} if never sent), {@code total_ms},
 * {@code pool} and {@code client}.
 */
final class AccessLog implements AutoCloseable {

    private final PrintStream out;
    private final boolean owned;

    private AccessLog(PrintStream out, boolean owned) {
        this.out = out;
        this.owned = owned;
    }

    /** Opens {@code stdout}, {@code stderr}, {@code off} or a file (appended to). */
    static AccessLog open(String destination) throws IOException {
        return switch (destination) {
            case "stdout" -> new AccessLog(System.out, false);
            case "stderr" -> new AccessLog(System.err, false);
            case "off" -> new AccessLog(null, false);
            default -> new AccessLog(new PrintStream(new FileOutputStream(destination, true), true,
                    StandardCharsets.UTF_8), true);
        };
    }

    /** A log that writes to {@code out} (tests). */
    static AccessLog to(OutputStream out) {
        return new AccessLog(new PrintStream(out, true, StandardCharsets.UTF_8), true);
    }

    /** False when the log is off, so callers skip gathering the fields of a line nobody reads. */
    boolean enabled() {
        return out != null;
    }

    void log(String method, String uri, int status, String reason, long queueNanos, long upstreamNanos,
             long totalNanos, String pool, String client) {
        if (out == null) {
            return;
        }
        String line = "method=" + method + " uri=" + uri.replace(' ', '+') + " status=" + status
                + " reason=" + (reason == null || reason.isEmpty() ? "-" : reason)
                + " queue_ms=" + millis(queueNanos) + " upstream_ms=" + (upstreamNanos < 0 ? "-" : millis(upstreamNanos))
                + " total_ms=" + millis(totalNanos) + " pool=" + pool + " client=" + client;
        out.println(line);
    }

    private static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / 1e6);
    }

    @Override
    public void close() {
        if (owned && out != null) {
            out.close();
        }
    }
}
