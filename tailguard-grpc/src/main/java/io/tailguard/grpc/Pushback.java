package io.tailguard.grpc;

import io.grpc.Metadata;

/**
 * Thread-safe (stateless): the retry pushback of gRPC's retry design, the trailer
 * {@code grpc-retry-pushback-ms}. A server sets it to tell the client how long to wait before
 * retrying (a non-negative whole number of milliseconds) or that it must not retry (a negative
 * value); a client honours it.
 */
final class Pushback {

    /** The trailer key gRPC's retry design names. */
    static final Metadata.Key<String> KEY = Metadata.Key.of("grpc-retry-pushback-ms", Metadata.ASCII_STRING_MARSHALLER);
    /** What a client reads when the server said nothing (no trailer): retry at once. */
    static final long NONE = 0L;
    /** What a client reads when the server forbade retrying (a negative or malformed value). */
    static final long DO_NOT_RETRY = -1L;

    private Pushback() {
    }

    /** Returns trailers carrying a pushback of {@code waitNanos}, rounded up to whole milliseconds. */
    static Metadata trailers(long waitNanos) {
        Metadata trailers = new Metadata();
        trailers.put(KEY, Long.toString(Math.max(0L, (waitNanos + 999_999L) / 1_000_000L)));
        return trailers;
    }

    /** Returns the pushback in {@code trailers} in milliseconds, {@link #NONE} or {@link #DO_NOT_RETRY}. */
    static long millis(Metadata trailers) {
        String value = trailers == null ? null : trailers.get(KEY);
        if (value == null) {
            return NONE;
        }
        try {
            long millis = Long.parseLong(value.trim());
            return millis < 0 ? DO_NOT_RETRY : millis;
        } catch (NumberFormatException e) {
            return DO_NOT_RETRY; // the design says a malformed value means "do not retry"
        }
    }
}
