package io.tailguard.load;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** Thread-safe (stateless): encodes a plan's one request once, as HTTP/1.1 bytes. */
final class RequestBytes {

    private RequestBytes() {
    }

    /**
     * Parses a {@code --header} value {@code Name: value}.
     *
     * @throws IllegalArgumentException "--header must be Name:value with a token name but was 'x'"
     */
    static Map.Entry<String, String> header(String text) {
        int colon = text == null ? -1 : text.indexOf(':');
        String name = colon < 0 ? "" : text.substring(0, colon).trim();
        String value = colon < 0 ? "" : text.substring(colon + 1).trim();
        if (!name.matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+") || value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("--header must be Name:value with a token name and a one-line value"
                    + " but was '" + text + "'");
        }
        return Map.entry(name, value);
    }

    /** Returns the request line, headers and body of {@code plan}'s request. */
    static byte[] encode(LoadPlan plan) {
        Map<String, String> headers = new LinkedHashMap<>();
        Map<String, String> names = new LinkedHashMap<>();
        put(headers, names, "Host", plan.target().hostHeader());
        put(headers, names, "User-Agent", "tailguard-load");
        put(headers, names, "Accept", "*/*");
        byte[] body = plan.body();
        if (body.length > 0 || !plan.method().equals("GET") && !plan.method().equals("HEAD")) {
            put(headers, names, "Content-Length", Integer.toString(body.length));
        }
        for (Map.Entry<String, String> h : plan.headers()) {
            put(headers, names, h.getKey(), h.getValue());
        }
        StringBuilder head = new StringBuilder(256).append(plan.method()).append(' ')
                .append(plan.target().pathAndQuery()).append(" HTTP/1.1\r\n");
        headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        head.append("\r\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream(head.length() + body.length);
        out.writeBytes(head.toString().getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(body);
        return out.toByteArray();
    }

    /** Sets a header, replacing any earlier one whose name matches case-insensitively. */
    private static void put(Map<String, String> headers, Map<String, String> names, String name, String value) {
        String key = name.toLowerCase(Locale.ROOT);
        String previous = names.put(key, name);
        if (previous != null) {
            headers.remove(previous);
        }
        headers.put(name, value);
    }
}
