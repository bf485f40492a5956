package io.tailguard.proxy.differential;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Thread-safe (immutable): what a client read as the answer to one request.
 *
 * @param status  the final status, or one of {@link #CLOSED}, {@link #GARBAGE}, {@link #TIMEOUT}, {@link #RESET},
 *                {@link #TRUNCATED}
 * @param headers the final response's header values by lower-case name
 * @param body    its body (ISO-8859-1)
 * @param interim the 1xx statuses that came before it
 * @param raw     the bytes read for it, interim responses included (what a reader of a failure wants)
 */
record Seen(int status, Map<String, List<String>> headers, String body, List<Integer> interim, String raw) {

    /** The connection closed before any byte of an answer. */
    static final int CLOSED = -1;
    /** Bytes came that are not an HTTP/1.x response. */
    static final int GARBAGE = -2;
    /** Nothing (more) came within the client's read timeout. */
    static final int TIMEOUT = -3;
    /** The connection was reset. */
    static final int RESET = -4;
    /** A response head came, then the connection ended before its body did. */
    static final int TRUNCATED = -5;

    static Seen failed(int status, List<Integer> interim, String raw) {
        return new Seen(status, Map.of(), "", interim, raw);
    }

    /** True if a response head was read. */
    boolean answered() {
        return status > 0;
    }

    List<String> header(String name) {
        return headers.getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
    }

    /** The single {@code X-Tailguard-Reason} (or "" if none). */
    String reason() {
        List<String> values = header("x-tailguard-reason");
        return values.isEmpty() ? "" : String.join(",", values);
    }

    /** True if the answer says the connection closes after it. */
    boolean closes() {
        return header("connection").stream().anyMatch(v -> v.toLowerCase(Locale.ROOT).contains("close"));
    }

    /** A short form for tables: the status, the 1xx before it ({@code 103+200}), the reason if any. */
    String brief() {
        String name = switch (status) {
            case CLOSED -> "closed";
            case GARBAGE -> "garbage";
            case TIMEOUT -> "timeout";
            case RESET -> "reset";
            case TRUNCATED -> "truncated";
            default -> Integer.toString(status);
        };
        StringBuilder text = new StringBuilder();
        interim.forEach(code -> text.append(code).append('+'));
        text.append(name);
        if (!reason().isEmpty()) {
            text.append(' ').append(reason());
        }
        return text.toString();
    }
}
