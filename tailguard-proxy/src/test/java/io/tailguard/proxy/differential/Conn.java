package io.tailguard.proxy.differential;

import java.util.List;

/**
 * Thread-safe (immutable): one client connection of a vector: what it sends and how.
 *
 * @param mode     how the bytes go and what the client does after
 * @param requests the requests, in order
 */
record Conn(Mode mode, List<Req> requests) {

    /** How a client connection behaves. */
    enum Mode {
        /** One request, its answer, the next; then a plain GET on the same connection if it is still open. */
        SEQUENTIAL,
        /** Every request at once, then the answers; then a plain GET if the connection is still open. */
        PIPELINED,
        /** Every request at once, then FIN from the client; then the answers. */
        HALF_CLOSE,
        /** Every byte in its own write; then the answers and a plain GET if still open. */
        TRICKLE,
        /** Requests and answers as SEQUENTIAL, then the connection stays open and idle until the vector ends. */
        HOLD,
        /** Sends, reads nothing and stays open until the vector ends (a slow or stalled client). */
        HOLD_SILENT,
        /**
         * As HOLD_SILENT, and the vector goes on once the backend has received every request (a
         * client whose requests hold permits, whichever event loop the proxy reads it on).
         */
        HOLD_AT_BACKEND,
        /** Sends and closes at once without reading (a client that left). */
        LEAVE,
        /**
         * As LEAVE, and the vector goes on once an in-process proxy has logged an end for every
         * request (a client that left a queue, withdrawn before anything after it may free a permit).
         */
        LEAVE_LOGGED
    }

    static Conn of(Req... requests) {
        return new Conn(Mode.SEQUENTIAL, List.of(requests));
    }

    static Conn of(Mode mode, Req... requests) {
        return new Conn(mode, List.of(requests));
    }

    /** True if the client reads answers on this connection. */
    boolean reads() {
        return mode != Mode.HOLD_SILENT && mode != Mode.HOLD_AT_BACKEND && !leaves();
    }

    /** True if the client closes as soon as it has sent. */
    boolean leaves() {
        return mode == Mode.LEAVE || mode == Mode.LEAVE_LOGGED;
    }

    /** True if the connection stays open until the vector ends. */
    boolean holds() {
        return mode == Mode.HOLD || mode == Mode.HOLD_SILENT || mode == Mode.HOLD_AT_BACKEND;
    }
}
