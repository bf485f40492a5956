package io.tailguard.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.ClientCalls;
import io.tailguard.hedge.HedgeBudget;
import io.tailguard.hedge.HedgePolicy;
import io.tailguard.retry.RetryBudgetConfig;
import io.tailguard.testing.SignallingScheduler;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The client interceptor over gRPC's in-process transport, with hedge timers on virtual time. */
class TailguardClientInterceptorTest {

    private final EchoService service = new EchoService();
    private final SignallingScheduler scheduler = new SignallingScheduler();
    private Server server;
    private ManagedChannel channel;

    @BeforeEach
    void start() throws Exception {
        String name = InProcessServerBuilder.generateName();
        server = InProcessServerBuilder.forName(name).addService(service.definition()).build().start();
        channel = InProcessChannelBuilder.forName(name).build();
    }

    @AfterEach
    void stop() throws Exception {
        EchoService.shutDown(channel, server);
    }

    private Future<String> call(Channel through, String request) {
        return ClientCalls.futureUnaryCall(through.newCall(EchoService.ECHO, CallOptions.DEFAULT), request);
    }

    @Test
    void aSlowFirstAttemptIsHedgedAfterThePatienceAndTheLoserIsCancelled() throws Exception {
        TailguardClientInterceptor interceptor = TailguardClientInterceptor.builder().scheduler(scheduler)
                .hedging(HedgePolicy.speculative(2, Duration.ofMillis(20), Duration.ofSeconds(5))
                        .withBudget(HedgeBudget.of(0.5)))
                .build();
        Channel hedged = ClientInterceptors.intercept(channel, interceptor);
        // Both attempts carry "hold": the test answers the second one only.
        Future<String> answer = call(hedged, "hold");
        service.awaitHeld();
        scheduler.awaitScheduled(Duration.ofMillis(20)); // the hedge timer
        scheduler.virtual.advance(Duration.ofMillis(19));
        assertThat(service.held).isEmpty();
        scheduler.virtual.advance(Duration.ofMillis(1));
        var second = service.awaitHeld();
        second.onNext("from the hedge");
        second.onCompleted();
        assertThat(answer.get(30, TimeUnit.SECONDS)).isEqualTo("from the hedge");
        assertThat(service.awaitCancelled()).isEqualTo("hold"); // the first attempt
        assertThat(interceptor.hedger().stats().hedgesWon()).isEqualTo(1);
        assertThat(interceptor.hedger().stats().extraAttempts()).isEqualTo(1);
    }

    @Test
    void aBlockingCallerHearsTheHedgeTimeoutFiredOnAnotherThread() throws Exception {
        TailguardClientInterceptor interceptor = TailguardClientInterceptor.builder().scheduler(scheduler)
                .hedging(HedgePolicy.speculative(1, Duration.ofMillis(20), Duration.ofMillis(100))).build();
        Channel hedged = ClientInterceptors.intercept(channel, interceptor);
        CompletableFuture<Status.Code> blocking = CompletableFuture.supplyAsync(() -> {
            try {
                ClientCalls.blockingUnaryCall(hedged, EchoService.ECHO, CallOptions.DEFAULT, "hold");
                return Status.Code.OK;
            } catch (StatusRuntimeException e) {
                return e.getStatus().getCode();
            }
        });
        service.awaitHeld();
        scheduler.awaitScheduled(Duration.ofMillis(100)); // the call's timeout
        scheduler.virtual.advance(Duration.ofMillis(100)); // fires on this thread, not the caller's
        assertThat(blocking.get(30, TimeUnit.SECONDS)).isEqualTo(Status.Code.DEADLINE_EXCEEDED);
        assertThat(service.awaitCancelled()).isEqualTo("hold");
    }

    @Test
    void aRefusedCallIsRetriedAfterTheServersPushbackWhileTheBudgetAllows() throws Exception {
        TailguardClientInterceptor interceptor = TailguardClientInterceptor.builder().scheduler(scheduler)
                .retryBudget(new RetryBudgetConfig(10.0, 1, Duration.ofSeconds(10))).build();
        Channel retrying = ClientInterceptors.intercept(channel, interceptor);
        Future<String> answer = call(retrying, "refuse:50");
        scheduler.awaitScheduled(Duration.ofMillis(50)); // the retry, set 50 ms out by the pushback
        assertThat(service.calls).hasValue(1);
        scheduler.virtual.advance(Duration.ofMillis(49));
        assertThat(service.calls).hasValue(1);
        scheduler.virtual.advance(Duration.ofMillis(1));
        // The retry is refused again; a call without hedging makes two attempts at most.
        assertThatStatus(answer, Status.Code.UNAVAILABLE);
        assertThat(service.calls).hasValue(2);
    }

    @Test
    void aServerThatForbidsRetryingIsNotRetried() throws Exception {
        TailguardClientInterceptor interceptor = TailguardClientInterceptor.builder().scheduler(scheduler)
                .retryBudget(new RetryBudgetConfig(10.0, 1, Duration.ofSeconds(10))).build();
        assertThatStatus(call(ClientInterceptors.intercept(channel, interceptor), "refuse:-1"), Status.Code.UNAVAILABLE);
        assertThat(service.calls).hasValue(1);
        // the reserve of 10 plus 10 % of the one call deposited: nothing was withdrawn
        assertThat(interceptor.retryBudget().available(scheduler.clock().nanoTime())).isEqualTo(10.1);
    }

    @Test
    void theContextsDeadlineReachesTheServerAndAPassedOneIsNeverSent() throws Exception {
        TailguardClientInterceptor interceptor = TailguardClientInterceptor.builder().scheduler(scheduler)
                .retryBudget(RetryBudgetConfig.defaults()).build();
        Channel through = ClientInterceptors.intercept(channel, interceptor);
        Context.CancellableContext withDeadline = Context.current().withDeadline(
                Deadline.after(30, TimeUnit.SECONDS), java.util.concurrent.Executors.newSingleThreadScheduledExecutor());
        try {
            assertThat(withDeadline.call(() -> call(through, "deadline")).get(30, TimeUnit.SECONDS)).isEqualTo("set");
            assertThat(call(through, "deadline").get(30, TimeUnit.SECONDS)).isEqualTo("none");
        } finally {
            withDeadline.cancel(null);
        }
        Future<String> late = ClientCalls.futureUnaryCall(
                through.newCall(EchoService.ECHO, CallOptions.DEFAULT.withDeadlineAfter(-1, TimeUnit.SECONDS)), "x");
        assertThatStatus(late, Status.Code.DEADLINE_EXCEEDED);
        assertThat(service.calls).hasValue(2);
    }

    private static void assertThatStatus(Future<String> answer, Status.Code code) throws Exception {
        try {
            answer.get(30, TimeUnit.SECONDS);
            throw new AssertionError("expected " + code + " but the call succeeded");
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(StatusRuntimeException.class);
            assertThat(((StatusRuntimeException) e.getCause()).getStatus().getCode()).isEqualTo(code);
        }
    }
}
