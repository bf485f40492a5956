package io.tailguard.load;

/**
 * Not thread-safe (called on the engine's thread only): the connections an {@link Engine} sends
 * on. The real one writes HTTP/1.1 requests on Netty channels; tests use a scripted fake.
 */
interface Wire {

    /**
     * Opens connection {@code conn} for the first time; the wire reports {@link Engine#connected}
     * when it is up (and keeps reopening it after it closes).
     */
    void open(int conn);

    /** Writes the request on connection {@code conn}, which is open and idle. */
    void send(int conn);

    /**
     * Closes connection {@code conn}, whose request timed out (HTTP/1.1 cannot cancel one request);
     * the wire reopens it and reports {@link Engine#connected} when it is up again.
     */
    void reset(int conn);
}
