package io.tailguard.grpc;

import io.grpc.ForwardingServerCall.SimpleForwardingServerCall;
import io.grpc.ForwardingServerCallListener.SimpleForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.tailguard.admission.AdmissionCounts;
import io.tailguard.admission.Decision;
import io.tailguard.admission.RejectReason;
import io.tailguard.lease.LeaseFrame;
import io.tailguard.lease.LeaseResponder;
import io.tailguard.lease.LeaseStats;
import io.tailguard.lease.LeaseWire;
import io.tailguard.time.NanoClock;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Thread-safe responder side of the lease protocol over gRPC (docs/leases.md, "over gRPC"): the
 * lease stream as the server-streaming method {@code tailguard.lease.Leases/Stream} (each message
 * one lease line, the same text as over HTTP/1.1), the session id in request metadata
 * {@code tailguard-lease-id}, the lease as it stands in response headers {@code tailguard-lease},
 * and a call over the lease closed {@code RESOURCE_EXHAUSTED} with {@code x-tailguard-reason} and
 * {@code grpc-retry-pushback-ms} before the service sees it.
 */
final class GrpcLeases {

    static final String SERVICE = "tailguard.lease.Leases";
    static final Metadata.Key<String> LEASE_ID = Metadata.Key.of("tailguard-lease-id", Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> LEASE = Metadata.Key.of("tailguard-lease", Metadata.ASCII_STRING_MARSHALLER);
    static final Metadata.Key<String> REASON = Metadata.Key.of("x-tailguard-reason", Metadata.ASCII_STRING_MARSHALLER);
    static final MethodDescriptor<String, String> STREAM = MethodDescriptor.<String, String>newBuilder()
            .setType(MethodDescriptor.MethodType.SERVER_STREAMING)
            .setFullMethodName(MethodDescriptor.generateFullMethodName(SERVICE, "Stream"))
            .setRequestMarshaller(new Text())
            .setResponseMarshaller(new Text())
            .build();
    /** Pushback under an unknown session: the requester must open a new stream first. */
    private static final long UNKNOWN_SESSION_RETRY_NANOS = 1_000_000_000L;

    private final LeaseResponder responder;
    private final NanoClock clock;
    private final AdmissionCounts counts;

    GrpcLeases(LeaseResponder responder, NanoClock clock, AdmissionCounts counts) {
        this.responder = responder;
        this.clock = clock;
        this.counts = counts;
    }

    /** The lease stream service, to add to the server beside the application's services. */
    ServerServiceDefinition service() {
        return ServerServiceDefinition.builder(SERVICE).addMethod(STREAM, this::openStream).build();
    }

    private ServerCall.Listener<String> openStream(ServerCall<String, String> call, Metadata headers) {
        call.request(1); // the empty opening message; the stream answers without waiting for it
        call.sendHeaders(new Metadata());
        Object lock = new Object();
        LeaseResponder.Session session = responder.open(frame -> {
            synchronized (lock) { // renewals come from the scheduler's thread; a ServerCall is not thread-safe
                if (!call.isCancelled()) {
                    call.sendMessage(frame.toLine());
                }
            }
        });
        return new ServerCall.Listener<>() {
            @Override
            public void onCancel() {
                session.close(); // the requester left: its id is lease-expired from now on
            }
        };
    }

    /**
     * Admits the call under its session's lease, or closes it {@code RESOURCE_EXHAUSTED} and
     * returns null; an admitted call sends the lease as it stands in its response headers.
     */
    <ReqT, RespT> ServerCall<ReqT, RespT> admit(ServerCall<ReqT, RespT> call, Metadata headers, long nowNanos) {
        String id = headers.get(LEASE_ID);
        LeaseResponder.Session session = id == null ? responder.unleased() : responder.session(id);
        if (session == null) {
            refuse(call, RejectReason.LEASE_EXPIRED, UNKNOWN_SESSION_RETRY_NANOS, null);
            return null;
        }
        Decision decision = session.tryAcquire(nowNanos);
        LeaseFrame lease = session.current(nowNanos);
        if (!decision.isAdmitted()) {
            refuse(call, decision.reason(), session.retryAfterNanos(nowNanos), lease);
            return null;
        }
        LeaseStats stats = session.stats();
        return new SimpleForwardingServerCall<>(call) {
            @Override
            public void sendHeaders(Metadata responseHeaders) {
                if (lease != null) {
                    responseHeaders.put(LEASE, lease.toHeader());
                }
                super.sendHeaders(responseHeaders);
            }

            @Override
            public void close(Status status, Metadata trailers) {
                if (stats != null) {
                    long endNanos = clock.nanoTime();
                    if (status.isOk()) {
                        stats.onCompleted(endNanos, nowNanos);
                    } else {
                        stats.onDropped(endNanos, nowNanos);
                    }
                }
                super.close(status, trailers);
            }
        };
    }

    private void refuse(ServerCall<?, ?> call, RejectReason reason, long waitNanos, LeaseFrame lease) {
        counts.rejected(reason);
        Metadata trailers = Pushback.trailers(waitNanos);
        trailers.put(REASON, LeaseWire.reason(reason));
        if (lease != null) {
            trailers.put(LEASE, lease.toHeader());
        }
        call.close(Status.RESOURCE_EXHAUSTED.withDescription(reason.name().toLowerCase(Locale.ROOT)), trailers);
    }

    /** Thread-safe (stateless): the lease lines as UTF-8 text, no protobuf needed on either side. */
    static class Text implements MethodDescriptor.Marshaller<String> {
        @Override
        public InputStream stream(String value) {
            return new ByteArrayInputStream(value.getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public String parse(InputStream stream) {
            try {
                return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
