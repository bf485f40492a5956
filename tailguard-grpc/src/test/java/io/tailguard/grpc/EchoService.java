package io.tailguard.grpc;

import io.grpc.Context;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Thread-safe test service with one unary method on plain strings (no protobuf): a request
 * {@code "hold"} is parked until the test answers it, {@code "refuse:<pushback>"} fails with
 * {@code UNAVAILABLE} and that pushback trailer, {@code "deadline"} answers whether the call carries
 * a deadline, anything else is echoed.
 */
public final class EchoService {

    static final MethodDescriptor<String, String> ECHO = MethodDescriptor.<String, String>newBuilder()
            .setType(MethodDescriptor.MethodType.UNARY)
            .setFullMethodName(MethodDescriptor.generateFullMethodName("tailguard.Echo", "Echo"))
            .setRequestMarshaller(new Utf8())
            .setResponseMarshaller(new Utf8())
            .build();

    /** Parked "hold" calls, in arrival order. */
    final BlockingQueue<StreamObserver<String>> held = new LinkedBlockingQueue<>();
    /** One entry per call the server saw cancelled. */
    final BlockingQueue<String> cancelled = new LinkedBlockingQueue<>();
    /** Calls that reached the service. */
    final AtomicInteger calls = new AtomicInteger();

    ServerServiceDefinition definition() {
        return ServerServiceDefinition.builder("tailguard.Echo")
                .addMethod(ECHO, ServerCalls.asyncUnaryCall(this::echo))
                .build();
    }

    private void echo(String request, StreamObserver<String> response) {
        calls.incrementAndGet();
        ((ServerCallStreamObserver<String>) response).setOnCancelHandler(() -> cancelled.add(request));
        if (request.equals("hold")) {
            held.add(response);
        } else if (request.startsWith("refuse:")) {
            Metadata trailers = new Metadata();
            trailers.put(Pushback.KEY, request.substring("refuse:".length()));
            response.onError(Status.UNAVAILABLE.asRuntimeException(trailers));
        } else if (request.equals("deadline")) {
            response.onNext(Context.current().getDeadline() == null ? "none" : "set");
            response.onCompleted();
        } else {
            response.onNext(request);
            response.onCompleted();
        }
    }

    /** Waits for the next parked "hold" call. */
    StreamObserver<String> awaitHeld() throws InterruptedException {
        StreamObserver<String> observer = held.poll(30, TimeUnit.SECONDS);
        if (observer == null) {
            throw new AssertionError("no call was held within 30 s");
        }
        return observer;
    }

    /** Waits until the server saw a call cancelled. */
    String awaitCancelled() throws InterruptedException {
        String request = cancelled.poll(30, TimeUnit.SECONDS);
        if (request == null) {
            throw new AssertionError("no call was cancelled within 30 s");
        }
        return request;
    }

    /** Marshals strings as UTF-8, as the lease stream does. */
    public static final class Utf8 extends GrpcLeases.Text {
    }

    /** Shuts a test's channel and server down, either of which may be null (never started), waiting up to 10 s each. */
    public static void shutDown(ManagedChannel channel, Server server) throws InterruptedException {
        if (channel != null) {
            channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
        }
        if (server != null) {
            server.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
        }
    }
}
