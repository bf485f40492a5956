package io.tailguard.path;

import io.tailguard.admission.RejectReason;
import java.util.Locale;

/**
 * Thread-safe (immutable enum): an answer the decision path asks its host to give instead of a
 * backend's, with its HTTP status and the reason name the proxy's metrics, access log and
 * {@code X-Tailguard-Reason} header carry.
 */
public enum LocalAnswer {
    /** A client's or the route's bucket is empty. */
    RATE_LIMITED(429),
    /** Every backend is at its cap and the pool has no queue. */
    CONCURRENCY_LIMITED(503),
    /** The queue is full. */
    QUEUE_FULL(503),
    /** The request waited the queue timeout. */
    QUEUE_TIMEOUT(503),
    /** CoDel shed the request. */
    QUEUE_DELAY_SHED(503),
    /** The request's deadline is shorter than its expected wait and service, or passed while it waited. */
    DEADLINE_EXCEEDED(503),
    /** A backend refused the connection and no retry was possible. */
    UPSTREAM_CONNECT_FAILED(502),
    /** A backend closed the connection before the response head. */
    UPSTREAM_CLOSED(502),
    /** No response head within the response timeout or the deadline. */
    UPSTREAM_TIMEOUT(504);

    private final int status;
    private final String reasonName;

    LocalAnswer(int status) {
        this.status = status;
        this.reasonName = name().toLowerCase(Locale.ROOT);
    }

    /** Returns the HTTP status of this answer. */
    public int status() {
        return status;
    }

    /** Returns the reason as the proxy names it, e.g. {@code queue_full}. */
    public String reasonName() {
        return reasonName;
    }

    /** Returns true if this answer is a refusal by admission (429/503), not a failed backend. */
    public boolean isRejection() {
        return status != 502 && status != 504;
    }

    /** Returns the answer for a rejection by a core admission policy or queue. */
    public static LocalAnswer of(RejectReason reason) {
        return switch (reason) {
            case RATE_LIMITED -> RATE_LIMITED;
            case CONCURRENCY_LIMITED, LEASE_EXHAUSTED, LEASE_EXPIRED -> CONCURRENCY_LIMITED;
            case QUEUE_FULL -> QUEUE_FULL;
            case QUEUE_TIMEOUT -> QUEUE_TIMEOUT;
            case QUEUE_DELAY_SHED -> QUEUE_DELAY_SHED;
            case DEADLINE_EXCEEDED -> DEADLINE_EXCEEDED;
        };
    }
}
