package io.tailguard.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.common.util.concurrent.ListenableFuture;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.MetadataUtils;
import io.grpc.stub.StreamObserver;
import io.tailguard.admission.RejectReason;
import io.tailguard.lease.LeaseFrame;
import io.tailguard.lease.LeaseResponder;
import io.tailguard.lease.LeaseWire;
import io.tailguard.lease.StaticLeaseSender;
import io.tailguard.time.VirtualScheduler;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The server interceptor as a lease responder over the in-process transport, on a virtual clock. */
class LeaseResponderGrpcTest {

    private final EchoService service = new EchoService();
    private final VirtualScheduler scheduler = new VirtualScheduler();
    private final AtomicReference<Metadata> headers = new AtomicReference<>();
    private final AtomicReference<Metadata> trailers = new AtomicReference<>();
    private TailguardServerInterceptor interceptor;
    private LeaseResponder responder;
    private Server server;
    private ManagedChannel channel;

    private void start(int allowed) throws Exception {
        responder = new LeaseResponder(scheduler,
                () -> new StaticLeaseSender(StaticLeaseSender.Config.every(allowed, Duration.ofSeconds(1))),
                new SplittableRandom(1));
        interceptor = TailguardServerInterceptor.builder().clock(scheduler.clock()).leases(responder).build();
        String name = InProcessServerBuilder.generateName();
        server = InProcessServerBuilder.forName(name).directExecutor()
                .addService(ServerInterceptors.intercept(service.definition(), interceptor))
                .addService(interceptor.leaseService()).build().start();
        channel = InProcessChannelBuilder.forName(name).directExecutor().build();
    }

    @AfterEach
    void stop() throws Exception {
        EchoService.shutDown(channel, server);
    }

    private BlockingQueue<String> openStream() {
        return openStream(channel.newCall(GrpcLeases.STREAM, CallOptions.DEFAULT));
    }

    private BlockingQueue<String> openStream(ClientCall<String, String> stream) {
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        ClientCalls.asyncServerStreamingCall(stream, "",
                new StreamObserver<>() {
                    @Override
                    public void onNext(String line) {
                        lines.add(line);
                    }

                    @Override
                    public void onError(Throwable error) {
                    }

                    @Override
                    public void onCompleted() {
                    }
                });
        return lines;
    }

    private static LeaseFrame nextLease(BlockingQueue<String> lines) throws InterruptedException {
        String line = lines.poll(30, TimeUnit.SECONDS);
        assertThat(line).as("a lease within 30 s").isNotNull();
        return LeaseFrame.parse(line);
    }

    private String call(String leaseId, String request) {
        return ClientCalls.blockingUnaryCall(withLease(leaseId), EchoService.ECHO, CallOptions.DEFAULT, request);
    }

    private Channel withLease(String leaseId) {
        Metadata attach = new Metadata();
        if (leaseId != null) {
            attach.put(GrpcLeases.LEASE_ID, leaseId);
        }
        return ClientInterceptors.intercept(channel, MetadataUtils.newAttachHeadersInterceptor(attach),
                MetadataUtils.newCaptureMetadataInterceptor(headers, trailers));
    }

    private void assertRefused(String leaseId, String reason, String pushbackMillis) {
        assertThatThrownBy(() -> call(leaseId, "x")).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
            assertThat(e.getTrailers().get(GrpcLeases.REASON)).isEqualTo(reason);
            assertThat(e.getTrailers().get(Pushback.KEY)).isEqualTo(pushbackMillis);
        });
    }

    @Test
    void theLeaseArrivesFirstAndACallOverItIsResourceExhaustedBeforeTheServiceRuns() throws Exception {
        start(2);
        BlockingQueue<String> lines = openStream();
        LeaseFrame lease = nextLease(lines);
        assertThat(lease.allowedRequests()).isEqualTo(2);
        assertThat(call(lease.id(), "a")).isEqualTo("a");
        assertThat(LeaseFrame.parse(headers.get().get(GrpcLeases.LEASE))).isEqualTo(new LeaseFrame(lease.id(), 2, 1_000, 1));
        assertThat(call(lease.id(), "b")).isEqualTo("b");
        scheduler.advance(Duration.ofMillis(300));

        assertRefused(lease.id(), LeaseWire.EXHAUSTED, "700");
        assertThat(service.calls).hasValue(2);
        assertThat(interceptor.counts().rejectedCount(RejectReason.LEASE_EXHAUSTED)).isEqualTo(1);

        scheduler.advance(Duration.ofMillis(700)); // the renewal, sent without any call failing first
        assertThat(nextLease(lines).id()).isEqualTo(lease.id());
        assertThat(call(lease.id(), "c")).isEqualTo("c");
    }

    @Test
    void anUnknownIdIsLeaseExpiredAndCallsWithoutAnIdShareOneSession() throws Exception {
        start(1);
        assertRefused("0-7", LeaseWire.EXPIRED, "1000");
        assertThat(call(null, "a")).isEqualTo("a");
        assertRefused(null, LeaseWire.EXHAUSTED, "1000");
        String own = nextLease(openStream()).id();
        assertThat(call(own, "b")).isEqualTo("b"); // its own session, not charged for the others
        assertThat(service.calls).hasValue(2);
    }

    @Test
    void aLeaseStreamClosedWhileCallsRunEndsTheSessionButNotTheCallsItAdmitted() throws Exception {
        start(5);
        ClientCall<String, String> stream = channel.newCall(GrpcLeases.STREAM, CallOptions.DEFAULT);
        String id = nextLease(openStream(stream)).id();
        ListenableFuture<String> running = ClientCalls.futureUnaryCall(
                withLease(id).newCall(EchoService.ECHO, CallOptions.DEFAULT), "hold");
        StreamObserver<String> held = service.held.poll(30, TimeUnit.SECONDS);
        assertThat(held).as("the call admitted under the lease reached the service").isNotNull();
        assertThat(responder.openSessions()).isEqualTo(1);

        stream.cancel("the requester left", null);

        // the session ended with its stream: its id is unknown from now on, before the handler runs
        assertThat(responder.openSessions()).isZero();
        assertRefused(id, LeaseWire.EXPIRED, "1000");
        assertThat(service.calls).hasValue(1);
        // what it admitted before runs to its end, untouched
        held.onNext("done");
        held.onCompleted();
        assertThat(running.get(30, TimeUnit.SECONDS)).isEqualTo("done");
        assertThat(service.cancelled).isEmpty();
    }
}
