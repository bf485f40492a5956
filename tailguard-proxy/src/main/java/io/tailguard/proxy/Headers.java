package io.tailguard.proxy;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;
import io.tailguard.proxy.client.Deadlines;
import io.tailguard.proxy.client.Hop;
import io.tailguard.proxy.client.Peer;

/**
 * Thread-safe (stateless): how heads change as they cross the proxy: the forwarding headers it adds
 * to requests (RFC 7239, RFC 9110 §7.6.3) and the response head the client gets.
 */
final class Headers {

    /** Our pseudonym in {@code Via}. */
    static final String PSEUDONYM = "tailguard";
    private static final AsciiString VIA_1_1 = AsciiString.cached("1.1 " + PSEUDONYM);
    private static final AsciiString VIA_1_0 = AsciiString.cached("1.0 " + PSEUDONYM);
    private static final AsciiString X_FORWARDED_FOR = AsciiString.cached("X-Forwarded-For");
    private static final AsciiString FORWARDED = AsciiString.cached("Forwarded");
    private static final AsciiString TIMEOUT_MS = AsciiString.cached(Deadlines.TIMEOUT_MS);
    private static final AsciiString REQUEST_TIMEOUT = AsciiString.cached(Deadlines.REQUEST_TIMEOUT);

    private Headers() {
    }

    static CharSequence via(HttpVersion version) {
        if (version == HttpVersion.HTTP_1_1) {
            return VIA_1_1;
        }
        if (version == HttpVersion.HTTP_1_0) {
            return VIA_1_0;
        }
        return version.majorVersion() + "." + version.minorVersion() + " " + PSEUDONYM;
    }

    /**
     * Turns {@code request}'s head, in place, into the head that leaves for a backend: hop-by-hop
     * headers out, the forwarding headers in. Called once per request: the head is the proxy's own
     * (the decoder made it), every send encodes it on the loop that owns it, and what the proxy still
     * needs from the client's head (method, target, version, keep-alive, body framing) is not touched
     * or was read before.
     */
    static void prepareOutgoing(HttpRequest request, boolean hasBody, Peer client) {
        String host = request.headers().get(HttpHeaderNames.HOST);
        Hop.strip(request.headers(), hasBody);
        addForwarding(request.headers(), request.protocolVersion(), client, host);
        request.headers().remove(REQUEST_TIMEOUT);
    }

    /**
     * Turns a backend's response head, in place, into the one the client gets: hop-by-hop headers out
     * (with chunked framing when the body has no length), {@code Via} in, and the proxy's own version.
     */
    static void prepareResponse(HttpRequest request, HttpResponse response) {
        int status = response.status().code();
        boolean bodyless = request.method().equals(HttpMethod.HEAD) || status == 204 || status == 304
                || (status >= 100 && status < 200);
        Hop.strip(response.headers(), !bodyless);
        response.headers().add(HttpHeaderNames.VIA, via(response.protocolVersion()));
        // A proxy answers in its own version (RFC 9110 §6.2): the body framing Hop.strip chose
        // (chunked when there is no length) is HTTP/1.1's, whatever the backend spoke.
        response.setProtocolVersion(HttpVersion.HTTP_1_1);
    }

    /**
     * Sets the client's remaining budget as {@code X-Request-Timeout-Ms} on a prepared head (none if
     * {@code remainingNanos} is {@link Long#MAX_VALUE}); each send carries the budget left at its time.
     */
    static void setBudget(HttpHeaders headers, long remainingNanos) {
        if (remainingNanos != Long.MAX_VALUE) {
            headers.set(TIMEOUT_MS, Math.max(1L, remainingNanos / 1_000_000L));
        }
    }

    /** Appends the client to {@code X-Forwarded-For} and {@code Forwarded}, and us to {@code Via}. */
    static void addForwarding(HttpHeaders headers, HttpVersion version, Peer client, String host) {
        String ip = client.ip();
        String existing = headers.get(X_FORWARDED_FOR);
        headers.set(X_FORWARDED_FOR, existing == null ? ip : existing + ", " + ip);
        headers.add(FORWARDED, client.forwarded(host));
        headers.add(HttpHeaderNames.VIA, via(version));
    }
}
