package io.tailguard.cli;

import java.net.InetSocketAddress;
import java.util.Optional;

/** Thread-safe (stateless): the {@code HOST:PORT} grammar of every listener and peer flag. */
public final class HostPort {

    private HostPort() {
    }

    /**
     * Returns the address {@code text} names, a host then a port from 0 to 65535 after the last
     * colon; empty when {@code text} is null or not of that form (each command says why in its words).
     */
    public static Optional<InetSocketAddress> parse(String text) {
        int colon = text == null ? -1 : text.lastIndexOf(':');
        if (colon > 0) {
            try {
                int port = Integer.parseInt(text.substring(colon + 1));
                if (port >= 0 && port <= 65_535) {
                    return Optional.of(new InetSocketAddress(text.substring(0, colon), port));
                }
            } catch (NumberFormatException notAPort) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }
}
