package io.tailguard.proxy.differential;

import java.util.function.Function;

/** Thread-safe (stateless): the backend answers vectors script, each naming the request it answers. */
final class Replies {

    /** Bytes that start a response without completing it: glued to another answer, they change it. */
    static final String HALF_POISON = "HTTP/1.1 200 OK\r\nX-Echo: poison\r\nX-Injected: 1\r\nX-Pad: ";
    /** A whole response nobody asked for. */
    static final String WHOLE_POISON = "HTTP/1.1 200 OK\r\nX-Echo: poison\r\nContent-Length: 6\r\n\r\npoison";

    private Replies() {
    }

    /** {@code 200} naming the request, with a body (none for HEAD), keep-alive. */
    static Reply ok(Received request) {
        return Reply.of(Reply.write(response(request, "200 OK", "", request.tag())));
    }

    /** A script that answers every request {@link #ok}. */
    static Function<Received, Reply> okToAll() {
        return Replies::ok;
    }

    /**
     * A script that answers requests whose tag ends with {@code suffix} with {@code special} and
     * every other request {@link #ok}.
     */
    static Function<Received, Reply> when(String suffix, Function<Received, Reply> special) {
        return request -> request.tag().endsWith(suffix) ? special.apply(request) : ok(request);
    }

    /** A script that answers requests whose tag ends with {@code suffix} with these bytes, others {@link #ok}. */
    static Function<Received, Reply> raw(String suffix, Function<Received, String> bytes) {
        return when(suffix, request -> Reply.of(Reply.write(bytes.apply(request))));
    }

    /**
     * A response with {@code statusLine} (e.g. {@code "204 No Content"}), {@code X-Echo} naming the
     * request, the extra header lines {@code headers} (each ending CRLF), a Content-Length for
     * {@code body} unless the headers frame it, and the body unless the request is a HEAD.
     */
    static String response(Received request, String statusLine, String headers, String body) {
        boolean framed = headers.toLowerCase().contains("content-length:")
                || headers.toLowerCase().contains("transfer-encoding:");
        String length = framed || body == null ? "" : "Content-Length: " + body.length() + "\r\n";
        String payload = body == null || "HEAD".equals(request.method()) ? "" : body;
        return "HTTP/1.1 " + statusLine + "\r\nX-Echo: " + request.tag() + "\r\n" + headers + length + "\r\n" + payload;
    }

    /** A head with no body and no length: for 1xx, 204, 304 and HEAD answers. */
    static String bare(Received request, String statusLine, String headers) {
        return "HTTP/1.1 " + statusLine + "\r\nX-Echo: " + request.tag() + "\r\n" + headers + "\r\n";
    }
}
