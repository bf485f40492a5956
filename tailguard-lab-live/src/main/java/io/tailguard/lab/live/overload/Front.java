package io.tailguard.lab.live.overload;

import java.util.OptionalLong;

/** Not thread-safe handle on what the load goes to in one setup: a proxy in front of the backend, or the backend. */
interface Front extends AutoCloseable {

    /** Returns the loopback port the load generator sends to. */
    int port();

    /** Returns the process id of the proxy, or empty when there is no proxy (direct). */
    OptionalLong pid();

    @Override
    void close();
}
