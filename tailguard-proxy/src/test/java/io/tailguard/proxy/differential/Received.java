package io.tailguard.proxy.differential;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Thread-safe (immutable): one request as the recording backend read it off the wire.
 *
 * @param connection the backend connection it came on (numbered from 1 in accept order)
 * @param bytes      the request exactly as received: head and body
 * @param method     the request line's method
 * @param target     the request line's target
 * @param tag        the id the client put in the target ({@code /d/<tag>}), or "" if none
 * @param headers    header values by lower-case name, in order
 */
record Received(int connection, byte[] bytes, String method, String target, String tag,
                Map<String, List<String>> headers) {

    /** Returns the values of header {@code name} (any case), empty if absent. */
    List<String> header(String name) {
        return headers.getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
    }

    /** Returns the request as text (ISO-8859-1: one char per byte). */
    String text() {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    /**
     * Returns the tag found in {@code target}: what follows {@code /d/} up to {@code ?}, {@code /} or the
     * end; in an authority-form target (CONNECT's {@code q44-a.example:443}), the host's first label.
     */
    static String tagOf(String target) {
        if (!target.contains("/")) {
            int dot = target.indexOf('.');
            return dot > 0 ? target.substring(0, dot) : "";
        }
        int start = target.indexOf("/d/");
        if (start < 0) {
            return "";
        }
        int end = start + 3;
        while (end < target.length() && isTagChar(target.charAt(end))) {
            end++;
        }
        return target.substring(start + 3, end);
    }

    private static boolean isTagChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_';
    }
}
