package io.tailguard.admission;

/** Why an admission policy said no. Expected outcomes are values, never exceptions. */
public enum RejectReason {
    /** A rate gate (token bucket, fixed window) has no permit left for now. */
    RATE_LIMITED,
    /** The number of requests in flight has reached the current limit. */
    CONCURRENCY_LIMITED,
    /** The waiting queue is at capacity. */
    QUEUE_FULL,
    /** The request waited longer than the queue's maximum queueing time. */
    QUEUE_TIMEOUT,
    /** The queue's controlled-delay discipline shed the request because queueing delay stayed high. */
    QUEUE_DELAY_SHED,
    /** The responder's current lease has no requests left. */
    LEASE_EXHAUSTED,
    /** The responder's lease has expired or none was ever granted. */
    LEASE_EXPIRED,
    /** The request's deadline passed before it could be served. */
    DEADLINE_EXCEEDED
}
