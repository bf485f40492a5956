package io.tailguard.lab.live.process;

import java.util.OptionalLong;

/**
 * Not thread-safe handle on what a live experiment's clients connect to in one setup (a proxy in
 * front of the backends, or the backend itself), listening on 127.0.0.1. Closing it stops what it
 * started and removes everything it wrote.
 */
public interface Front extends AutoCloseable {

    /** Returns the port on 127.0.0.1 the clients connect to. */
    int port();

    /** Returns the process id of the proxy when it is a process of its own (to read its memory), else empty. */
    default OptionalLong pid() {
        return OptionalLong.empty();
    }

    @Override
    void close();
}
