package io.tailguard.servlet;

import io.tailguard.admission.AdmissionCounts;
import io.tailguard.admission.Decision;
import io.tailguard.admission.RejectReason;
import io.tailguard.lease.LeaseFrame;
import io.tailguard.lease.LeaseResponder;
import io.tailguard.lease.LeaseWire;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Thread-safe responder side of the lease protocol over HTTP/1.1 (docs/leases.md) for the filter:
 * serves the lease stream, checks each request against its requester's session before the
 * application runs, answers a request over the lease with 503, and stamps the lease on responses.
 * The sessions, ids and senders are the core {@link LeaseResponder}'s; this class only speaks
 * servlet.
 */
final class LeaseEndpoint {

    /** Retry-After of a request under an unknown session: the requester must open a new stream first. */
    private static final long UNKNOWN_SESSION_RETRY_NANOS = 1_000_000_000L;

    private final LeaseResponder responder;
    private final AdmissionCounts counts;
    private final Set<LeaseStream> streams = ConcurrentHashMap.newKeySet();

    LeaseEndpoint(LeaseResponder responder, AdmissionCounts counts) {
        this.responder = responder;
        this.counts = counts;
    }

    /** True for the request that opens a lease stream: {@code GET /.well-known/tailguard/lease}. */
    static boolean isStream(HttpServletRequest request) {
        String uri = request.getRequestURI();
        String path = uri.substring(Math.min(uri.length(), request.getContextPath().length()));
        return "GET".equals(request.getMethod()) && LeaseWire.STREAM_PATH.equals(path);
    }

    /**
     * Opens a session and keeps the response open as its lease stream, one line per grant; the
     * first line is written before this returns, so the lease reaches the requester before any
     * request of its own.
     */
    void openStream(HttpServletRequest request, HttpServletResponse response) {
        response.setStatus(200);
        response.setContentType(LeaseWire.STREAM_CONTENT_TYPE);
        response.setHeader("Cache-Control", "no-store");
        AsyncContext async = request.startAsync();
        async.setTimeout(0); // a stream lives as long as the requester keeps it
        LeaseStream stream = new LeaseStream(async, streams::remove);
        async.addListener(stream);
        streams.add(stream);
        stream.start(responder);
    }

    /**
     * Admits the request under its session's lease and stamps the lease as it stands on the
     * response (headers must be set before the application commits it), or answers 503 with the
     * reason and returns null: the application does not run.
     */
    LeaseResponder.Session admit(HttpServletRequest request, HttpServletResponse response, long nowNanos) {
        String id = request.getHeader(LeaseWire.LEASE_ID);
        LeaseResponder.Session session = id == null ? responder.unleased() : responder.session(id);
        if (session == null) {
            counts.rejected(RejectReason.LEASE_EXPIRED);
            reject(response, LeaseWire.EXPIRED, UNKNOWN_SESSION_RETRY_NANOS, null);
            return null;
        }
        Decision decision = session.tryAcquire(nowNanos);
        LeaseFrame lease = session.current(nowNanos);
        if (!decision.isAdmitted()) {
            counts.rejected(decision.reason());
            reject(response, LeaseWire.reason(decision.reason()), session.retryAfterNanos(nowNanos), lease);
            return null;
        }
        if (lease != null) {
            response.setHeader(LeaseWire.LEASE, lease.toHeader());
        }
        return session;
    }

    private static void reject(HttpServletResponse response, String reason, long retryNanos, LeaseFrame lease) {
        response.setStatus(LeaseWire.REJECTED_STATUS);
        response.setHeader(LeaseWire.REASON, reason);
        response.setHeader("Retry-After", Long.toString(LeaseWire.retryAfterSeconds(retryNanos)));
        if (lease != null) {
            response.setHeader(LeaseWire.LEASE, lease.toHeader());
        }
        response.setContentLength(0);
    }

    /** Stops granting: every session ends and every open stream is completed, so requesters reconnect. */
    void close() {
        responder.close();
        streams.forEach(LeaseStream::end);
    }

    /** Returns the lease streams open now. */
    int openStreams() {
        return streams.size();
    }
}
