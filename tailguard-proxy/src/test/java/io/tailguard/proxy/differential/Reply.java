package io.tailguard.proxy.differential;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Thread-safe (immutable): what the recording backend does with one request, step by step.
 *
 * @param beforeBody true to answer as soon as the head is read, reading the request body only after
 *                   the steps (a backend that answers early)
 * @param steps      what to do, in order
 */
record Reply(boolean beforeBody, List<Step> steps) {

    /** One thing the backend does on the connection. */
    sealed interface Step permits Write, Trickle, ShutdownOutput, Close, Reset, Hang {
    }

    /** Writes these bytes at once. */
    record Write(byte[] bytes) implements Step {
    }

    /** Writes these bytes one per write, each flushed (a slow backend). */
    record Trickle(byte[] bytes) implements Step {
    }

    /** Sends FIN, then reads until the proxy closes the connection. */
    record ShutdownOutput() implements Step {
    }

    /** Closes the connection. */
    record Close() implements Step {
    }

    /** Closes with a TCP reset (SO_LINGER 0). */
    record Reset() implements Step {
    }

    /** Never answers: reads until the proxy closes the connection. */
    record Hang() implements Step {
    }

    static Reply of(Step... steps) {
        return new Reply(false, List.of(steps));
    }

    static Reply early(Step... steps) {
        return new Reply(true, List.of(steps));
    }

    static Write write(String text) {
        return new Write(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    static Trickle trickle(String text) {
        return new Trickle(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Returns true if a step ends the connection (no further request can come on it). */
    boolean endsConnection() {
        return steps.stream().anyMatch(s -> s instanceof Close || s instanceof Reset || s instanceof Hang
                || s instanceof ShutdownOutput);
    }
}
