package io.tailguard.lab.live.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * Thread-safe (stateless) source of free loopback ports for servers that cannot bind port 0 and
 * report it back (nginx, HAProxy). The port is free when returned; another process could take it
 * before the server binds it, which the server then reports as a start failure.
 */
public final class FreePort {

    private FreePort() {
    }

    /** Returns a TCP port on 127.0.0.1 that was free a moment ago. */
    public static int next() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("could not find a free port on 127.0.0.1: " + e.getMessage(), e);
        }
    }
}
