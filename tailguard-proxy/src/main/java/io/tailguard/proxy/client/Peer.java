package io.tailguard.proxy.client;

import java.net.Inet6Address;
import java.net.InetAddress;

/**
 * Not thread-safe (confined to its connection's event loop): the client at the other end of one
 * connection, with the strings that name it in forwarding headers and the access log. They are made
 * once per connection (the {@code Forwarded} value once per distinct {@code Host}), not per request:
 * formatting an address is among the larger costs of a small proxied request.
 */
public final class Peer {

    private final InetAddress address;
    private String ip;
    private String lastHost;
    private String lastForwarded;

    Peer(InetAddress address) {
        this.address = address;
    }

    /** The client's address as text, for {@code X-Forwarded-For}, rate-limit keys and the access log. */
    public String ip() {
        if (ip == null) {
            ip = address.getHostAddress();
        }
        return ip;
    }

    /** The {@code Forwarded} element naming this client and the request's {@code host} (RFC 7239). */
    public String forwarded(String host) {
        if (lastForwarded == null || !java.util.Objects.equals(host, lastHost)) {
            lastHost = host;
            lastForwarded = forwardedElement(address instanceof Inet6Address, ip(), host);
        }
        return lastForwarded;
    }

    static String forwardedElement(boolean ipv6, String ip, String host) {
        String node = ipv6 ? "\"[" + ip + "]\"" : ip;
        StringBuilder forwarded = new StringBuilder("for=").append(node).append(";proto=http");
        if (host != null && !host.isEmpty()) {
            forwarded.append(";host=\"").append(host.replace("\"", "")).append('"');
        }
        return forwarded.toString();
    }
}
