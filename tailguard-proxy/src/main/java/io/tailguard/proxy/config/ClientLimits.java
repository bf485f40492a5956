package io.tailguard.proxy.config;

import io.tailguard.config.Check;
import java.time.Duration;

/**
 * Thread-safe (immutable) limits on what clients may send and hold: the defences against hostile or
 * broken input.
 *
 * @param maxConnections  client connections open at once; more are closed on accept
 * @param maxInitialLine  bytes in the request line; longer is 400
 * @param maxHeaderBytes  bytes in all header lines; more is 431
 * @param maxBodyBytes    bytes in a request body; more is 413
 * @param headerTimeout   a request's head must arrive within this; otherwise 408 and close
 * @param idleTimeout     a keep-alive connection with no request for this long is closed
 */
public record ClientLimits(int maxConnections, int maxInitialLine, int maxHeaderBytes, long maxBodyBytes,
                           Duration headerTimeout, Duration idleTimeout) {

    /** Validates every field. */
    public ClientLimits {
        Check.positive("max-connections", maxConnections);
        Check.positive("max-initial-line", maxInitialLine);
        Check.positive("max-header-bytes", maxHeaderBytes);
        Check.nonNegative("max-body-bytes", maxBodyBytes);
        Check.positive("header-timeout", headerTimeout);
        Check.positive("idle-timeout", idleTimeout);
    }

    /** Returns 10,000 connections, 4 KiB line, 8 KiB headers, 10 MiB body, 10 s head, 60 s idle. */
    public static ClientLimits defaults() {
        return new ClientLimits(10_000, 4096, 8192, 10L << 20, Duration.ofSeconds(10), Duration.ofSeconds(60));
    }
}
