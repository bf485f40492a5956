package io.tailguard.proxy;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;

/** Thread-safe (stateless): the forwarding headers the proxy adds (RFC 7239, RFC 9110 §7.6.3). */
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
