package io.tailguard.lab.live.edge;

/**
 * Thread-safe (immutable) one request of one setup: what the client saw and what the backend did.
 *
 * @param setup          the setup's name
 * @param request        the client's index, in start order
 * @param status         the HTTP status, {@code timeout} if the client gave up, {@code error} if the
 *                       connection failed without an answer
 * @param clientSeconds  from the client's start to its answer (or giving up)
 * @param backendServed  whether the backend finished the request
 * @param clientGone     whether the client had its answer (or had given up) before the backend
 *                       finished: the backend's work reached nobody
 * @param backendSeconds how long the backend worked on it (0 if it did not serve it)
 */
record EdgeRow(String setup, int request, String status, double clientSeconds, boolean backendServed,
               boolean clientGone, double backendSeconds) {

    /** Returns whether the client got a 2xx answer. */
    boolean ok() {
        return status.length() == 3 && status.charAt(0) == '2';
    }

    /** Returns whether the client got an HTTP error answer in under {@link EdgeTiming#FAST}. */
    boolean fastReject() {
        return !ok() && isHttpStatus() && clientSeconds < EdgeTiming.FAST.toNanos() / 1e9;
    }

    /** Returns whether the request failed after waiting: a 504, a late 5xx, or the client gave up. */
    boolean timedOut() {
        return !ok() && !fastReject();
    }

    /** Returns whether the client got an HTTP error answer, fast or late. */
    boolean rejected() {
        return !ok() && isHttpStatus();
    }

    /** Returns the backend seconds spent for a client that had gone. */
    double wastedSeconds() {
        return backendServed && clientGone ? backendSeconds : 0;
    }

    private boolean isHttpStatus() {
        return !status.isEmpty() && Character.isDigit(status.charAt(0));
    }
}
