package io.tailguard.proxy.client;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.util.AsciiString;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Thread-safe (stateless): removes the hop-by-hop headers of RFC 9110 §7.6.1 from a message that
 * crosses the proxy, and restores the framing its body needs on the next hop.
 */
public final class Hop {

    /** AsciiString names keep their hash, so removing them costs no hashing per message. */
    private static final AsciiString[] HOP_BY_HOP = {HttpHeaderNames.CONNECTION, HttpHeaderNames.KEEP_ALIVE,
        AsciiString.cached("proxy-connection"), HttpHeaderNames.PROXY_AUTHENTICATE,
        HttpHeaderNames.PROXY_AUTHORIZATION, HttpHeaderNames.TE, HttpHeaderNames.TRAILER,
        HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderNames.UPGRADE};

    private Hop() {
    }

    /**
     * Strips hop-by-hop headers (the standard ones and those the {@code Connection} header names,
     * except {@code Host} and {@code Content-Length}).
     * When {@code mayHaveBody} and there is no {@code Content-Length}, the body is sent chunked on the
     * next hop, whatever framing it arrived with (chunked, or delimited by the close of the connection).
     */
    public static void strip(HttpHeaders headers, boolean mayHaveBody) {
        List<String> named = namedByConnection(headers);
        if (named != null) {
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

    /**
     * Returns the header names the {@code Connection} header lists that are not removed anyway, or
     * null if there are none: the usual {@code keep-alive} or {@code close} costs no list.
     */
    private static List<String> namedByConnection(HttpHeaders headers) {
        List<String> named = null;
        Iterator<String> values = headers.valueStringIterator(HttpHeaderNames.CONNECTION);
        while (values.hasNext()) {
            String value = values.next();
            int start = 0;
            while (start <= value.length()) {
                int comma = value.indexOf(',', start);
                int end = comma < 0 ? value.length() : comma;
                String name = value.substring(start, end).trim();
                if (!name.isEmpty() && !removedAnyway(name)) {
                    if (named == null) {
                        named = new ArrayList<>(2);
                    }
                    named.add(name);
                }
                start = end + 1;
            }
        }
        return named;
    }

    /**
     * True for the names a {@code Connection} list cannot remove: those removed anyway, and those the
     * exchange needs whatever the sender says: {@code Host}, and the body's framing, which the proxy
     * sets for each hop itself ({@code Content-Length} kept, {@code Transfer-Encoding} chosen anew).
     */
    private static boolean removedAnyway(String name) {
        if (HttpHeaderValues.CLOSE.contentEqualsIgnoreCase(name) || HttpHeaderNames.HOST.contentEqualsIgnoreCase(name)
                || HttpHeaderNames.CONTENT_LENGTH.contentEqualsIgnoreCase(name)) {
            return true;
        }
        for (AsciiString hop : HOP_BY_HOP) {
            if (hop.contentEqualsIgnoreCase(name)) {
                return true;
            }
        }
        return false;
    }
}
