package io.tailguard.lease;

import io.tailguard.config.Check;
import java.time.Duration;

/**
 * Thread-safe (immutable) one lease as it travels over HTTP/1.1: a line of the lease stream, or the
 * value of the {@code Tailguard-Lease} response header. The text is space-separated
 * {@code key=value} pairs, unknown keys ignored so later versions can add some:
 *
 * <pre>
 * id=7f3a2c01-3 requests=100 ttl-ms=1000                (a stream line: a new lease)
 * id=7f3a2c01-3 requests=100 ttl-ms=412 remaining=37    (a response header: the lease as it stands)
 * </pre>
 *
 * @param id              the requester's session at the responder; sent back on every request
 *                        as {@code Tailguard-Lease-Id}
 * @param allowedRequests requests the lease allows, at least 1
 * @param ttlMillis       milliseconds the lease stays valid, counted from reception, at least 1
 * @param remaining       requests left ({@code allowedRequests} for a new lease), at least 0
 */
public record LeaseFrame(String id, int allowedRequests, long ttlMillis, int remaining) {

    /** Validates the frame. */
    public LeaseFrame {
        Check.notNull("id", id);
        if (id.isEmpty() || !id.chars().allMatch(LeaseFrame::idChar)) {
            throw new IllegalArgumentException("id must be 1 or more of [A-Za-z0-9._-] but was '" + id + "'");
        }
        Check.positive("allowedRequests", allowedRequests);
        Check.positive("ttlMillis", ttlMillis);
        Check.inRange("remaining", remaining, 0, allowedRequests);
    }

    /** Returns a fresh grant of {@code lease} for session {@code id}. */
    public static LeaseFrame granted(String id, Lease lease) {
        long ttlMillis = Math.max(1L, lease.timeToLive().toMillis());
        return new LeaseFrame(id, lease.allowedRequests(), ttlMillis, lease.allowedRequests());
    }

    /** Returns the lease this frame describes, valid for {@code ttlMillis} from reception. */
    public Lease lease() {
        return new Lease(allowedRequests, Duration.ofMillis(ttlMillis));
    }

    /** Returns the stream line (without its line feed): {@code id=… requests=… ttl-ms=…}. */
    public String toLine() {
        return "id=" + id + " requests=" + allowedRequests + " ttl-ms=" + ttlMillis;
    }

    /** Returns the response header value: the stream line plus {@code remaining=…}. */
    public String toHeader() {
        return toLine() + " remaining=" + remaining;
    }

    /**
     * Parses a stream line or a header value; {@code remaining} defaults to {@code requests}.
     *
     * @throws IllegalArgumentException one line naming what was missing or malformed
     */
    public static LeaseFrame parse(CharSequence text) {
        Check.notNull("text", text);
        String id = null;
        long requests = -1;
        long ttl = -1;
        long remaining = -1;
        for (String pair : text.toString().trim().split("\\s+")) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                continue;
            }
            String key = pair.substring(0, eq);
            String value = pair.substring(eq + 1);
            switch (key) {
                case "id" -> id = value;
                case "requests" -> requests = number(key, value, text);
                case "ttl-ms" -> ttl = number(key, value, text);
                case "remaining" -> remaining = number(key, value, text);
                default -> { } // a later version's field
            }
        }
        if (id == null || requests < 0 || ttl < 0) {
            throw new IllegalArgumentException(
                    "lease must have id=, requests= and ttl-ms= but was '" + text + "'");
        }
        if (requests > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("requests must be at most " + Integer.MAX_VALUE + " but was " + requests);
        }
        int left = remaining < 0 ? (int) requests : (int) Math.min(remaining, requests);
        return new LeaseFrame(id, (int) requests, ttl, left);
    }

    private static long number(String key, String value, CharSequence text) {
        if (value.isEmpty() || value.length() > 18 || !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw new IllegalArgumentException(key + " must be a whole number but was '" + value + "' in '" + text + "'");
        }
        return Long.parseLong(value);
    }

    private static boolean idChar(int c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-';
    }
}
