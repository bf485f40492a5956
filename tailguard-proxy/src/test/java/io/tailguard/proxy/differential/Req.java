package io.tailguard.proxy.differential;

/**
 * Thread-safe (immutable): one request a vector's client sends, as raw bytes.
 *
 * @param tag    the id in its target ({@code /d/<tag>}) that the backend echoes as {@code X-Echo}
 * @param method its method (a HEAD's answer has no body)
 * @param bytes  what goes on the wire, exactly (ISO-8859-1)
 */
record Req(String tag, String method, String bytes) {

    static Req get(String tag, String... headers) {
        return new Req(tag, "GET", "GET /d/" + tag + " HTTP/1.1\r\nHost: t\r\n" + lines(headers) + "\r\n");
    }

    static Req head(String tag, String... headers) {
        return new Req(tag, "HEAD", "HEAD /d/" + tag + " HTTP/1.1\r\nHost: t\r\n" + lines(headers) + "\r\n");
    }

    /**
     * A POST whose framing headers the caller writes (so they can be wrong), then {@code body}; a
     * {@code #} in a header stands for the body's length.
     */
    static Req post(String tag, String body, String... headers) {
        String head = lines(headers).replace("#", Integer.toString(body.length()));
        return new Req(tag, "POST", "POST /d/" + tag + " HTTP/1.1\r\nHost: t\r\n" + head + "\r\n" + body);
    }

    /** A request whose bytes are entirely the caller's; {@code tag} must appear in them as {@code /d/<tag>}. */
    static Req raw(String tag, String method, String bytes) {
        return new Req(tag, method, bytes);
    }

    private static String lines(String... headers) {
        StringBuilder text = new StringBuilder();
        for (String header : headers) {
            text.append(header).append("\r\n");
        }
        return text.toString();
    }
}
