package io.tailguard.lab.live.edge;

/**
 * Thread-safe handle on the proxy of one setup, listening on 127.0.0.1 in front of the backend.
 * Closing it stops the proxy and removes everything it wrote.
 */
interface Frontend extends AutoCloseable {

    /** Returns the port on 127.0.0.1 the clients connect to. */
    int port();

    @Override
    void close();
}
