package io.tailguard.proxy;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
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
