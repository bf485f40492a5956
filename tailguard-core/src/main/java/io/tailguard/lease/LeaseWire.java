package io.tailguard.lease;

import io.tailguard.admission.RejectReason;

/**
 * Thread-safe (constants only): the names of the lease protocol over HTTP/1.1, written down in
 * {@code docs/leases.md}, shared by every responder (the test backend, the servlet filter; the gRPC
 * interceptor maps them to metadata) and every requester (the proxy). No I/O here: each transport writes
 * these names with its own API.
 */
public final class LeaseWire {

    /** The path a requester opens (GET) to receive its lease stream, one {@link LeaseFrame} line per lease. */
    public static final String STREAM_PATH = "/.well-known/tailguard/lease";
    /** The stream's content type: UTF-8 text, one lease per line, each line flushed as it is granted. */
    public static final String STREAM_CONTENT_TYPE = "text/plain; charset=utf-8";
    /** Request header: the session id of the lease the request is sent under. */
    public static final String LEASE_ID = "Tailguard-Lease-Id";
    /** Response header: the requester's lease as it stands after the request ({@link LeaseFrame#toHeader}). */
    public static final String LEASE = "Tailguard-Lease";
    /** Response header of a rejection: {@link #EXHAUSTED} or {@link #EXPIRED} (the proxy's own reason header). */
    public static final String REASON = "X-Tailguard-Reason";
    /** Status of a request refused over the lease: the handler did not run, so it is safe to retry elsewhere. */
    public static final int REJECTED_STATUS = 503;
    /** Reason of a request over the allowance of a valid lease. */
    public static final String EXHAUSTED = "lease-exhausted";
    /** Reason of a request after its lease expired, before any lease, or under an unknown session id. */
    public static final String EXPIRED = "lease-expired";

    private LeaseWire() {
    }

    /** Returns the wire reason of a lease rejection: {@link #EXHAUSTED} or {@link #EXPIRED}. */
    public static String reason(RejectReason reason) {
        return reason == RejectReason.LEASE_EXHAUSTED ? EXHAUSTED : EXPIRED;
    }

    /** Returns {@code Retry-After} seconds for a wait of {@code waitNanos}: rounded up, at least 1. */
    public static long retryAfterSeconds(long waitNanos) {
        return Math.max(1L, (Math.max(0L, waitNanos) + 999_999_999L) / 1_000_000_000L);
    }
}
