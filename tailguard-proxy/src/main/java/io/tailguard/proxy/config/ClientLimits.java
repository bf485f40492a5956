package io.tailguard.proxy.config;

import io.tailguard.config.Check;
import java.time.Duration;

/**
 * Thread-safe (immutable) limits on what clients may send and hold: the defences against hostile or
 * broken input.
 *
 * @param maxConnections  client connections open at once; at the limit the longest-idle keep-alive
 *                        connection is closed to make room, and with none idle a new one is closed
 * @param maxInitialLine  bytes in the request line; longer is 414
 * @param maxHeaderBytes  bytes in all header lines; more is 431
 * @param maxBodyBytes    bytes in a request body; more is 413
 * @param headerTimeout   a request's head must arrive within this; otherwise 408 and close
 * @param idleTimeout     a keep-alive connection with no request for this long is closed
 * @param bodyTimeout     a request body must start, and never stall, for longer than this; otherwise 408
 * @param minBodyRate     bytes per second a body must average once {@code bodyTimeout} has passed
 *                        (0: no rate); otherwise 408
 * @param bufferBodyBytes a body of at most this many bytes (by its Content-Length) is read whole before
 *                        its request takes a permit or a queue place, and so are this many bytes of a
 *                        chunked body (0: never)
 * @param idleTimeoutUnderPressure a keep-alive connection idle this long is closed while open connections
 *                        are at three quarters of {@code maxConnections} or more, whenever it went idle
 */
public record ClientLimits(int maxConnections, int maxInitialLine, int maxHeaderBytes, long maxBodyBytes,
                           Duration headerTimeout, Duration idleTimeout, Duration bodyTimeout, long minBodyRate,
                           long bufferBodyBytes, Duration idleTimeoutUnderPressure) {

    /** Default {@code body-timeout}. */
    public static final Duration DEFAULT_BODY_TIMEOUT = Duration.ofSeconds(10);
    /** Default {@code min-body-rate}, bytes per second: ASP.NET Core Kestrel's minimum request body data rate. */
    public static final long DEFAULT_MIN_BODY_RATE = 240;
    /** Default {@code buffer-body-bytes}: 64 KiB. */
    public static final long DEFAULT_BUFFER_BODY_BYTES = 64 << 10;
    /** Default {@code idle-timeout-under-pressure}. */
    public static final Duration DEFAULT_IDLE_TIMEOUT_UNDER_PRESSURE = Duration.ofSeconds(5);

    /** Validates every field. */
    public ClientLimits {
        Check.positive("max-connections", maxConnections);
        Check.positive("max-initial-line", maxInitialLine);
        Check.positive("max-header-bytes", maxHeaderBytes);
        Check.nonNegative("max-body-bytes", maxBodyBytes);
        Check.positive("header-timeout", headerTimeout);
        Check.positive("idle-timeout", idleTimeout);
        Check.positive("body-timeout", bodyTimeout);
        Check.nonNegative("min-body-rate", minBodyRate);
        Check.nonNegative("buffer-body-bytes", bufferBodyBytes);
        Check.positive("idle-timeout-under-pressure", idleTimeoutUnderPressure);
    }

    /** Limits with the body and pressure settings at their defaults. */
    public ClientLimits(int maxConnections, int maxInitialLine, int maxHeaderBytes, long maxBodyBytes,
                        Duration headerTimeout, Duration idleTimeout) {
        this(maxConnections, maxInitialLine, maxHeaderBytes, maxBodyBytes, headerTimeout, idleTimeout,
                DEFAULT_BODY_TIMEOUT, DEFAULT_MIN_BODY_RATE, DEFAULT_BUFFER_BODY_BYTES,
                DEFAULT_IDLE_TIMEOUT_UNDER_PRESSURE);
    }

    /**
     * Returns 10,000 connections, 4 KiB line, 8 KiB headers, 10 MiB body, 10 s head, 60 s idle, 10 s
     * body start or stall, 240 bytes/s, 64 KiB buffered body, 5 s idle under pressure.
     */
    public static ClientLimits defaults() {
        return new ClientLimits(10_000, 4096, 8192, 10L << 20, Duration.ofSeconds(10), Duration.ofSeconds(60));
    }

    /** Returns a copy with other body limits. */
    public ClientLimits withBody(Duration newBodyTimeout, long newMinBodyRate, long newBufferBodyBytes) {
        return new ClientLimits(maxConnections, maxInitialLine, maxHeaderBytes, maxBodyBytes, headerTimeout,
                idleTimeout, newBodyTimeout, newMinBodyRate, newBufferBodyBytes, idleTimeoutUnderPressure);
    }

    /** Returns a copy with another idle timeout under pressure. */
    public ClientLimits withIdleTimeoutUnderPressure(Duration newTimeout) {
        return new ClientLimits(maxConnections, maxInitialLine, maxHeaderBytes, maxBodyBytes, headerTimeout,
                idleTimeout, bodyTimeout, minBodyRate, bufferBodyBytes, newTimeout);
    }
}
