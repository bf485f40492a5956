package io.tailguard.proxy;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.AsciiString;
import java.util.ArrayList;
import java.util.List;

/**
 * Thread-safe (stateless): removes the hop-by-hop headers of RFC 9110 §7.6.1 from a message that
 * crosses the proxy, and restores the framing its body needs on the next hop.
 */
final class Hop {

    /** AsciiString names keep their hash, so removing them costs no hashing per message. */
    private static final AsciiString[] HOP_BY_HOP = {HttpHeaderNames.CONNECTION, HttpHeaderNames.KEEP_ALIVE,
        AsciiString.cached("proxy-connection"), HttpHeaderNames.PROXY_AUTHENTICATE,
        HttpHeaderNames.PROXY_AUTHORIZATION, HttpHeaderNames.TE, HttpHeaderNames.TRAILER,
        HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderNames.UPGRADE};

    private Hop() {
    }

    /**
     * Strips hop-by-hop headers (the standard ones and those the {@code Connection} header names).
     * When {@code mayHaveBody} and there is no {@code Content-Length}, the body is sent chunked on the
     * next hop, whatever framing it arrived with (chunked, or delimited by the close of the connection).
     */
    static void strip(HttpHeaders headers, boolean mayHaveBody) {
        if (headers.contains(HttpHeaderNames.CONNECTION)) {
            List<String> named = new ArrayList<>();
            for (String value : headers.getAll(HttpHeaderNames.CONNECTION)) {
                for (String token : value.split(",")) {
                    String name = token.trim();
                    if (!name.isEmpty()) {
                        named.add(name);
                    }
                }
            }
            for (String name : named) {
                headers.remove(name);
            }
        }
        for (AsciiString name : HOP_BY_HOP) {
            headers.remove(name);
        }
        if (mayHaveBody && !headers.contains(HttpHeaderNames.CONTENT_LENGTH)) {
            headers.set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
        }
    }
}
