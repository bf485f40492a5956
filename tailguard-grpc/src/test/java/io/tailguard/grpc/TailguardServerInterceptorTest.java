package io.tailguard.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ClientCalls;
import io.tailguard.admission.RejectReason;
import io.tailguard.limit.ConcurrencyLimiter;
import io.tailguard.rate.TokenBucketConfig;
import io.tailguard.time.ManualClock;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The server interceptor in front of a real Netty gRPC server on 127.0.0.1. */
class TailguardServerInterceptorTest {

    private final EchoService service = new EchoService();
    private Server server;
    private ManagedChannel channel;

    private void start(TailguardServerInterceptor interceptor) throws Exception {
        server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
                .addService(ServerInterceptors.intercept(service.definition(), interceptor)).build().start();
        channel = NettyChannelBuilder.forAddress("127.0.0.1", server.getPort()).usePlaintext().build();
    }

    @AfterEach
    void stop() throws Exception {
        EchoService.shutDown(channel, server);
    }

    private String call(String request) {
        return ClientCalls.blockingUnaryCall(channel, EchoService.ECHO, CallOptions.DEFAULT.withDeadlineAfter(30, TimeUnit.SECONDS), request);
    }

    @Test
    void aFullLimitIsUnavailableWithARetryPushbackAndTheHeldPermitComesBackWhenTheCallCloses() throws Exception {
        TailguardServerInterceptor interceptor = TailguardServerInterceptor.builder().limiter(ConcurrencyLimiter.fixed(1)).build();
        start(interceptor);
        var held = ClientCalls.futureUnaryCall(channel.newCall(EchoService.ECHO, CallOptions.DEFAULT), "hold");
        var observer = service.awaitHeld();
        assertThatThrownBy(() -> call("x")).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAVAILABLE);
            assertThat(e.getStatus().getDescription()).isEqualTo("concurrency_limited");
            assertThat(e.getTrailers().get(Pushback.KEY)).isEqualTo("0"); // nothing learnt yet
        });
        observer.onNext("done");
        observer.onCompleted();
        assertThat(held.get(30, TimeUnit.SECONDS)).isEqualTo("done");
        assertThat(call("again")).isEqualTo("again");
        assertThat(interceptor.limiter().inFlight()).isZero();
        assertThat(interceptor.counts().rejectedCount(RejectReason.CONCURRENCY_LIMITED)).isEqualTo(1);
        assertThat(interceptor.counts().admittedCount()).isEqualTo(2);
    }

    @Test
    void aRateRefusalIsResourceExhaustedWithThePushbackOfTheNextToken() throws Exception {
        ManualClock clock = new ManualClock();
        start(TailguardServerInterceptor.builder().clock(clock).rate(TokenBucketConfig.of(1, 1, Duration.ofSeconds(10))).build());
        assertThat(call("a")).isEqualTo("a");
        clock.advance(Duration.ofMillis(4_000));
        assertThatThrownBy(() -> call("b")).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
            assertThat(e.getTrailers().get(Pushback.KEY)).isEqualTo("6000");
        });
        assertThat(service.calls).hasValue(1);
    }

    @Test
    void aCallTheClientCancelsGivesItsPermitBack() throws Exception {
        TailguardServerInterceptor interceptor = TailguardServerInterceptor.builder().limiter(ConcurrencyLimiter.fixed(1)).build();
        start(interceptor);
        ClientCall<String, String> held = channel.newCall(EchoService.ECHO, CallOptions.DEFAULT);
        ClientCalls.futureUnaryCall(held, "hold");
        service.awaitHeld();
        held.cancel("the client gives up", null);
        service.awaitCancelled(); // the service hears it after the interceptor has released the permit
        assertThat(interceptor.limiter().inFlight()).isZero();
        assertThat(call("next")).isEqualTo("next");
    }
}
