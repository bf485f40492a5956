package io.tailguard.grpc;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.tailguard.hedge.HedgeResult;
import io.tailguard.hedge.HedgeTimeoutException;
import io.tailguard.time.Cancellable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Thread-safe unary call that the application sees as one call and the channel sees as one or
 * more attempts run by the interceptor's {@link io.tailguard.hedge.Hedger}. The request is kept
 * until the application half-closes; then attempts start, each a fresh call on the channel with
 * the same request, headers and deadline. The first attempt that answers {@code OK} is handed to
 * the application's listener; an attempt that fails after the server's retry pushback waits that
 * long before the next one starts.
 */
final class HedgedUnaryCall<ReqT, RespT> extends ClientCall<ReqT, RespT> {

    private final TailguardClientInterceptor owner;
    private final MethodDescriptor<ReqT, RespT> method;
    private final CallOptions options;
    private final Channel channel;
    private Listener<RespT> listener;
    private Metadata headers;
    private ReqT request;
    private volatile CompletableFuture<HedgeResult<Answer<RespT>>> call;
    /** The pushback, in milliseconds, the last refused attempt carried; the next attempt waits it out. */
    private volatile long pushbackMillis;

    HedgedUnaryCall(TailguardClientInterceptor owner, MethodDescriptor<ReqT, RespT> method, CallOptions options,
            Channel channel) {
        this.owner = owner;
        this.method = method;
        this.options = options;
        this.channel = channel;
    }

    /** One attempt's answer: the response headers, message and trailers. */
    record Answer<T>(Metadata headers, T message, Metadata trailers) {
    }

    @Override
    public void start(Listener<RespT> responseListener, Metadata requestHeaders) {
        this.listener = responseListener;
        this.headers = requestHeaders;
    }

    @Override
    public void request(int numMessages) {
        // A unary answer is delivered whole, once the winning attempt has it.
    }

    @Override
    public void sendMessage(ReqT message) {
        this.request = message;
    }

    @Override
    public void halfClose() {
        if (TailguardClientInterceptor.remainingNanos(options) <= 0) {
            listener.onClose(Status.DEADLINE_EXCEEDED.withDescription("deadline passed before the call was sent"),
                    new Metadata());
            return;
        }
        call = owner.hedger().call(this::attempt);
        // Answer on the call's executor when it has one: a blocking stub's caller waits on it, and a
        // timeout fired on the scheduler's thread would otherwise never wake that caller.
        Executor executor = options.getExecutor();
        call.whenComplete((result, error) -> {
            if (executor == null) {
                deliver(result, error);
            } else {
                executor.execute(() -> deliver(result, error));
            }
        });
    }

    private void deliver(HedgeResult<Answer<RespT>> result, Throwable error) {
        if (error == null) {
            Answer<RespT> answer = result.value();
            listener.onHeaders(answer.headers());
            listener.onMessage(answer.message());
            listener.onClose(Status.OK, answer.trailers());
            return;
        }
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        if (cause instanceof StatusRuntimeException refused) {
            listener.onClose(refused.getStatus(), refused.getTrailers() == null ? new Metadata() : refused.getTrailers());
        } else if (cause instanceof HedgeTimeoutException) {
            listener.onClose(Status.DEADLINE_EXCEEDED.withDescription(cause.getMessage()), new Metadata());
        } else if (cause instanceof CancellationException) {
            listener.onClose(Status.CANCELLED.withDescription("cancelled by the application"), new Metadata());
        } else {
            listener.onClose(Status.fromThrowable(cause), new Metadata());
        }
    }

    @Override
    public void cancel(String message, Throwable cause) {
        CompletableFuture<?> running = call;
        if (running != null) {
            running.cancel(true);
        }
    }

    @Override
    public boolean isReady() {
        return true;
    }

    /** Starts one attempt, after the last pushback if the previous one was refused with one. */
    private CompletableFuture<Answer<RespT>> attempt() {
        long waitMillis = pushbackMillis;
        if (waitMillis <= 0) {
            return send();
        }
        CompletableFuture<Answer<RespT>> delayed = new CompletableFuture<>();
        AtomicReference<CompletableFuture<Answer<RespT>>> sent = new AtomicReference<>();
        Cancellable timer = owner.scheduler.schedule(waitMillis * 1_000_000L, () -> {
            if (!delayed.isDone()) {
                CompletableFuture<Answer<RespT>> inner = send();
                sent.set(inner);
                inner.whenComplete((answer, error) -> {
                    if (error == null) {
                        delayed.complete(answer);
                    } else {
                        delayed.completeExceptionally(error);
                    }
                });
            }
        });
        delayed.whenComplete((answer, error) -> {
            timer.cancel();
            CompletableFuture<Answer<RespT>> inner = sent.get();
            if (error instanceof CancellationException && inner != null) {
                inner.cancel(true); // the hedger gave up on this attempt: cancel the call it started
            }
        });
        return delayed;
    }

    /** Sends the request as a fresh call on the channel; cancelling the future cancels the call. */
    private CompletableFuture<Answer<RespT>> send() {
        ClientCall<ReqT, RespT> attempt = channel.newCall(method, options);
        AttemptListener attemptListener = new AttemptListener();
        attemptListener.answer.whenComplete((answer, error) -> {
            if (error instanceof CancellationException) {
                attempt.cancel("another attempt answered first", null);
            }
        });
        Metadata copy = new Metadata();
        copy.merge(headers);
        attempt.start(attemptListener, copy);
        attempt.request(2);
        attempt.sendMessage(request);
        attempt.halfClose();
        return attemptListener.answer;
    }

    /** Thread-safe collector of one attempt's answer into a future. */
    private final class AttemptListener extends Listener<RespT> {
        final CompletableFuture<Answer<RespT>> answer = new CompletableFuture<>();
        private volatile Metadata headers = new Metadata();
        private volatile RespT message;

        @Override
        public void onHeaders(Metadata responseHeaders) {
            headers = responseHeaders;
        }

        @Override
        public void onMessage(RespT value) {
            message = value;
        }

        @Override
        public void onClose(Status status, Metadata trailers) {
            if (status.isOk()) {
                answer.complete(new Answer<>(headers, message, trailers));
            } else {
                // Before the future completes: the hedger starts the next attempt from its callback.
                pushbackMillis = Math.max(0L, Pushback.millis(trailers));
                answer.completeExceptionally(status.asRuntimeException(trailers));
            }
        }
    }
}
