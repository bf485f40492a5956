package io.tailguard.proxy;

import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetAddress;
import java.net.Inet6Address;

/** Thread-safe (stateless): the forwarding headers the proxy adds (RFC 7239, RFC 9110 §7.6.3). */
final class Headers {

    /** Our pseudonym in {@code Via}. */
    static final String PSEUDONYM = "tailguard";

    private Headers() {
    }

    static String via(HttpVersion version) {
        return version.majorVersion() + "." + version.minorVersion() + " " + PSEUDONYM;
    }

    /** Returns a copy of a request head that a channel may encode (and so consume) independently. */
    static HttpRequest copyHead(HttpRequest head) {
        return new DefaultHttpRequest(head.protocolVersion(), head.method(), head.uri(), head.headers().copy());
    }

    /**
     * Returns {@code request}'s head as it leaves for a backend: hop-by-hop headers out, the forwarding
     * headers in, and the client's remaining budget as {@code X-Request-Timeout-Ms} (none if
     * {@code remainingNanos} is {@link Long#MAX_VALUE}).
     */
    static HttpRequest outgoing(HttpRequest request, boolean hasBody, InetAddress client, long remainingNanos) {
        HttpRequest outgoing = copyHead(request);
        Hop.strip(outgoing.headers(), hasBody);
        addForwarding(outgoing.headers(), outgoing.protocolVersion(), client,
                request.headers().get(HttpHeaderNames.HOST));
        outgoing.headers().remove(Deadlines.REQUEST_TIMEOUT);
        if (remainingNanos != Long.MAX_VALUE) {
            outgoing.headers().set(Deadlines.TIMEOUT_MS, Math.max(1L, remainingNanos / 1_000_000L));
        }
        return outgoing;
    }

    /** Appends the client to {@code X-Forwarded-For} and {@code Forwarded}, and us to {@code Via}. */
    static void addForwarding(HttpHeaders headers, HttpVersion version, InetAddress client, String host) {
        String ip = client.getHostAddress();
        String existing = headers.get("X-Forwarded-For");
        headers.set("X-Forwarded-For", existing == null ? ip : existing + ", " + ip);
        String node = client instanceof Inet6Address ? "\"[" + ip + "]\"" : ip;
        StringBuilder forwarded = new StringBuilder("for=").append(node).append(";proto=http");
        if (host != null && !host.isEmpty()) {
            forwarded.append(";host=\"").append(host.replace("\"", "")).append('"');
        }
        headers.add("Forwarded", forwarded.toString());
        headers.add(HttpHeaderNames.VIA, via(version));
    }
}
