package io.tailguard.grpc;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.Context;
import io.grpc.Deadline;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.tailguard.config.Check;
import io.tailguard.hedge.HedgeDelay;
import io.tailguard.hedge.HedgePolicy;
import io.tailguard.hedge.Hedger;
import io.tailguard.retry.RetryBudget;
import io.tailguard.retry.RetryBudgetConfig;
import io.tailguard.time.Scheduler;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Thread-safe gRPC client interceptor that runs unary calls through a core {@link Hedger} (extra
 * attempts after the policy's delay, within its budget; the first answer wins and the others are
 * cancelled) and retries a call refused with {@code UNAVAILABLE} or {@code RESOURCE_EXHAUSTED} while
 * a {@link RetryBudget} allows, after the server's {@code grpc-retry-pushback-ms} (never when the
 * server forbids it). Every attempt carries the call's deadline: the earliest of the call options'
 * deadline and the current {@link Context}'s (so an incoming request's deadline flows to the calls
 * it makes); a call whose deadline has passed fails with {@code DEADLINE_EXCEEDED} without being
 * sent. Streaming calls only get the deadline.
 *
 * <pre>{@code
 * Channel channel = ClientInterceptors.intercept(managedChannel, TailguardClientInterceptor.builder()
 *         .hedging(HedgePolicy.speculative(2, Duration.ofMillis(20), Duration.ofSeconds(1))
 *                 .withBudget(HedgeBudget.of(0.05)))
 *         .retryBudget(RetryBudgetConfig.defaults())
 *         .build());
 * }</pre>
 */
public final class TailguardClientInterceptor implements ClientInterceptor {

    /** A delay and a timeout longer than any call's deadline. */
    private static final Duration NEVER = Duration.ofDays(1);

    /** Runs the hedger's timers, and the pushback waits of {@link HedgedUnaryCall}. */
    final Scheduler scheduler;
    private final Hedger hedger;
    private final RetryBudget retryBudget;

    private TailguardClientInterceptor(Builder builder) {
        this.scheduler = builder.scheduler;
        this.retryBudget = builder.retryBudget == null ? null : new RetryBudget(builder.retryBudget);
        HedgePolicy policy = builder.hedging != null ? builder.hedging
                // retries only: a second attempt that no timer ever starts, only a retriable failure
                : new HedgePolicy(2, HedgeDelay.fixed(NEVER), NEVER, Optional.empty(), error -> false);
        this.hedger = new Hedger(policy.withRetriable(this::mayRetry), scheduler);
    }

    /** Starts a builder. */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public <ReqT, RespT> ClientCall<ReqT, RespT> interceptCall(MethodDescriptor<ReqT, RespT> method,
            CallOptions callOptions, Channel next) {
        CallOptions options = withContextDeadline(callOptions);
        if (method.getType() != MethodDescriptor.MethodType.UNARY) {
            return next.newCall(method, options);
        }
        if (retryBudget != null) {
            retryBudget.deposit(scheduler.clock().nanoTime());
        }
        return new HedgedUnaryCall<>(this, method, options, next);
    }

    /** The earlier of the call's own deadline and the current context's, on the call options. */
    static CallOptions withContextDeadline(CallOptions options) {
        Deadline context = Context.current().getDeadline();
        if (context == null) {
            return options;
        }
        Deadline own = options.getDeadline();
        return own == null || context.isBefore(own) ? options.withDeadline(context) : options;
    }

    /**
     * A failed attempt may be retried when the server said it was overloaded, did not forbid a retry,
     * and the retry budget has a retry left.
     */
    private boolean mayRetry(Throwable error) {
        if (!(error instanceof StatusRuntimeException refused)) {
            return false;
        }
        Status.Code code = refused.getStatus().getCode();
        if (code != Status.Code.UNAVAILABLE && code != Status.Code.RESOURCE_EXHAUSTED) {
            return false;
        }
        if (Pushback.millis(refused.getTrailers()) == Pushback.DO_NOT_RETRY) {
            return false;
        }
        return retryBudget != null && retryBudget.tryWithdraw(scheduler.clock().nanoTime());
    }

    /** Returns the hedger unary calls run through (for metrics: hedges sent and won). */
    public Hedger hedger() {
        return hedger;
    }

    /** Returns the retry budget, or null if none is set. */
    public RetryBudget retryBudget() {
        return retryBudget;
    }

    static long remainingNanos(CallOptions options) {
        Deadline deadline = options.getDeadline();
        return deadline == null ? Long.MAX_VALUE : deadline.timeRemaining(TimeUnit.NANOSECONDS);
    }

    /** Not thread-safe builder of a {@link TailguardClientInterceptor}. */
    public static final class Builder {
        private Scheduler scheduler = Scheduler.system();
        private HedgePolicy hedging;
        private RetryBudgetConfig retryBudget;

        private Builder() {
        }

        /** Hedges unary calls with {@code policy} (attempts, delay, timeout, budget). */
        public Builder hedging(HedgePolicy policy) {
            this.hedging = Check.notNull("hedging", policy);
            return this;
        }

        /** Retries calls the server refused as overloaded while this budget allows. */
        public Builder retryBudget(RetryBudgetConfig config) {
            this.retryBudget = Check.notNull("retryBudget", config);
            return this;
        }

        /** The scheduler hedge timers and pushback waits run on; tests pass a virtual one. */
        public Builder scheduler(Scheduler scheduler) {
            this.scheduler = Check.notNull("scheduler", scheduler);
            return this;
        }

        /** Builds the interceptor. */
        public TailguardClientInterceptor build() {
            if (retryBudget == null && hedging == null) {
                throw new IllegalArgumentException("hedging or retryBudget must be set but both were null");
            }
            return new TailguardClientInterceptor(this);
        }
    }
}
