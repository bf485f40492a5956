package io.tailguard.proxy.ops;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.Locale;

/**
 * Thread-safe: one line per request, fields as {@code key=value} separated by spaces:
 * {@code time} (UTC, ISO-8601 to the millisecond), {@code method}, {@code uri}, {@code status},
 * {@code reason} (the reject or error reason, {@code -} when none), {@code queue_ms},
 * {@code upstream_ms} ({@code -} if never sent), {@code total_ms}, {@code pool} (the route's pool,
 * {@code -} only when no route took the request), {@code client}, and for a request refused by a
 * per-client rate limit {@code key}: the client key that was limited, at most {@value #MAX_KEY_CHARS}
 * characters, spaces and control characters shown as {@code ?}.
 */
public final class AccessLog implements AutoCloseable {

    /** The longest client key written: a header value is the client's to choose, a log line is not. */
    public static final int MAX_KEY_CHARS = 64;

    private final PrintStream out;
    private final boolean owned;
    private final Clock clock;

    private AccessLog(PrintStream out, boolean owned, Clock clock) {
        this.out = out;
        this.owned = owned;
        this.clock = clock;
    }

    /** Opens {@code stdout}, {@code stderr}, {@code off} or a file (appended to). */
    public static AccessLog open(String destination) throws IOException {
        return switch (destination) {
            case "stdout" -> new AccessLog(System.out, false, Clock.systemUTC());
            case "stderr" -> new AccessLog(System.err, false, Clock.systemUTC());
            case "off" -> new AccessLog(null, false, Clock.systemUTC());
            default -> new AccessLog(new PrintStream(new FileOutputStream(destination, true), true,
                    StandardCharsets.UTF_8), true, Clock.systemUTC());
        };
    }

    /** A log that writes to {@code out} (tests). */
    public static AccessLog to(OutputStream out) {
        return to(out, Clock.systemUTC());
    }

    /** A log that writes to {@code out} with times from {@code clock} (tests). */
    public static AccessLog to(OutputStream out, Clock clock) {
        return new AccessLog(new PrintStream(out, true, StandardCharsets.UTF_8), true, clock);
    }

    /** False when the log is off, so callers skip gathering the fields of a line nobody reads. */
    public boolean enabled() {
        return out != null;
    }

    /** Writes one line for an answered (or abandoned) request; {@code upstreamNanos} is -1 if no backend was asked. */
    public void log(String method, String uri, int status, String reason, long queueNanos, long upstreamNanos,
             long totalNanos, String pool, String client, String key) {
        if (out == null) {
            return;
        }
        String line = "time=" + Instant.ofEpochMilli(clock.millis()) + " method=" + method + " uri=" + uri.replace(' ', '+') + " status=" + status
                + " reason=" + (reason == null || reason.isEmpty() ? "-" : reason)
                + " queue_ms=" + millis(queueNanos) + " upstream_ms=" + (upstreamNanos < 0 ? "-" : millis(upstreamNanos))
                + " total_ms=" + millis(totalNanos) + " pool=" + pool + " client=" + client + (key == null ? "" : " key=" + bounded(key));
        out.println(line);
    }

    /** {@code key} cut to {@link #MAX_KEY_CHARS}, empty as {@code -}, with nothing that could split the line. */
    public static String bounded(String key) {
        if (key.isEmpty()) {
            return "-";
        }
        StringBuilder out = new StringBuilder(Math.min(key.length(), MAX_KEY_CHARS));
        for (int i = 0; i < key.length() && out.length() < MAX_KEY_CHARS; i++) {
            char c = key.charAt(i);
            out.append(c <= ' ' || c == 0x7f ? '?' : c);
        }
        return out.toString();
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
