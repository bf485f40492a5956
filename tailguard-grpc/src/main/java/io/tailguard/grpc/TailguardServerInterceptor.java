package io.tailguard.grpc;

import io.grpc.ForwardingServerCall.SimpleForwardingServerCall;
import io.grpc.ForwardingServerCallListener.SimpleForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.tailguard.admission.AdmissionCounts;
import io.tailguard.admission.Permit;
import io.tailguard.admission.RejectReason;
import io.tailguard.config.Check;
import io.tailguard.lease.LeaseResponder;
import io.tailguard.limit.ConcurrencyLimiter;
import io.tailguard.path.BalancerKind;
import io.tailguard.path.Completion;
import io.tailguard.path.DecisionPath;
import io.tailguard.path.LimitKind;
import io.tailguard.path.LocalAnswer;
import io.tailguard.path.PathHost;
import io.tailguard.path.PoolSettings;
import io.tailguard.queue.DrainEstimator;
import io.tailguard.queue.QueueDiscipline;
import io.tailguard.retry.RetryBudgetConfig;
import io.tailguard.time.Cancellable;
import io.tailguard.time.Scheduler;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import io.tailguard.rate.TokenBucket;
import io.tailguard.rate.TokenBucketConfig;
import io.tailguard.time.NanoClock;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Thread-safe gRPC server interceptor that runs a rate gate and a concurrency limit before each
 * call. A rate refusal closes the call with {@code RESOURCE_EXHAUSTED}, a limit refusal with
 * {@code UNAVAILABLE}; both carry the {@code grpc-retry-pushback-ms} trailer of gRPC's retry design:
 * the wait for the next token, or the expected time for a place to free up (learnt from the calls
 * served). An admitted call holds its permit until the call closes (success for {@code OK}, an
 * overload signal for {@code UNAVAILABLE}, {@code RESOURCE_EXHAUSTED}, {@code DEADLINE_EXCEEDED},
 * {@code INTERNAL} or {@code UNKNOWN}, nothing learnt otherwise) or is cancelled by its client.
 *
 * <pre>{@code
 * Server server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
 *         .addService(ServerInterceptors.intercept(service, TailguardServerInterceptor.builder()
 *                 .limiter(ConcurrencyLimiter.fixed(64)).build()))
 *         .build().start();
 * }</pre>
 */
public final class TailguardServerInterceptor implements ServerInterceptor {

    private final NanoClock clock;
    private final TokenBucket rate;
    private final ConcurrencyLimiter limiter;
    /** The limit as the core decision path of one pool of one backend; null without a limiter. */
    private final DecisionPath<Admission> path;
    private final AdmissionCounts counts = new AdmissionCounts();
    private final GrpcLeases leases;

    private TailguardServerInterceptor(Builder builder) {
        this.clock = builder.clock;
        this.leases = builder.leases == null ? null : new GrpcLeases(builder.leases, clock, counts);
        this.rate = builder.rate == null ? null : new TokenBucket(builder.rate, clock.nanoTime());
        this.limiter = builder.limiter;
        this.path = limiter == null ? null : new DecisionPath<>(poolSettings(limiter), List.of(limiter), null,
                new UntimedScheduler(clock), new CallHost(), new SplittableRandom(0));
    }

    /**
     * The service as a pool of one backend whose cap is the limiter, with no queue (a call is
     * admitted or refused at once), no response timeout (the call's own deadline governs it) and no
     * retries: the path arms no timer.
     */
    private static PoolSettings poolSettings(ConcurrencyLimiter limiter) {
        return new PoolSettings("grpc", 1, Math.max(1, limiter.limit()), LimitKind.FIXED, 0, Duration.ofNanos(1),
                QueueDiscipline.FIFO, BalancerKind.ROUND_ROBIN, Duration.ZERO,
                new RetryBudgetConfig(0.0, 0, Duration.ofSeconds(1)), 1, Duration.ofNanos(1), true);
    }

    /** Starts a builder; with nothing set, the interceptor admits every call. */
    public static Builder builder() {
        return new Builder();
    }

    @Override
    public <ReqT, RespT> ServerCall.Listener<ReqT> interceptCall(ServerCall<ReqT, RespT> call, Metadata headers,
            ServerCallHandler<ReqT, RespT> next) {
        long nowNanos = clock.nanoTime();
        if (leases != null) {
            if (GrpcLeases.STREAM.getFullMethodName().equals(call.getMethodDescriptor().getFullMethodName())) {
                return next.startCall(call, headers); // the lease stream itself is never over the lease
            }
            call = leases.admit(call, headers, nowNanos);
            if (call == null) {
                return new ServerCall.Listener<>() { }; // over the lease: closed before the service ran
            }
        }
        if (rate != null && !rate.tryAcquire(nowNanos, 1L)) {
            return refuse(call, RejectReason.RATE_LIMITED, Status.RESOURCE_EXHAUSTED, rate.nanosUntilAvailable(nowNanos, 1L));
        }
        if (limiter == null) {
            counts.admitted();
            return next.startCall(call, headers);
        }
        Permit permit = path.admitAtOnce(nowNanos);
        if (permit == null) {
            // Without a queue, submitting is what refuses: the path answers concurrency_limited at once.
            Admission admission = new Admission();
            path.submit(admission, Long.MAX_VALUE, false, nowNanos);
            long waitNanos = path.expectedWaitNanos();
            return refuse(call, RejectReason.valueOf(admission.refusal.name()), Status.UNAVAILABLE,
                    waitNanos == DrainEstimator.UNKNOWN ? 0L : waitNanos);
        }
        counts.admitted();
        Release release = new Release(permit, nowNanos);
        try {
            return new SimpleForwardingServerCallListener<ReqT>(next.startCall(new SimpleForwardingServerCall<ReqT, RespT>(call) {
                @Override
                public void close(Status status, Metadata trailers) {
                    release.complete(status);
                    super.close(status, trailers);
                }
            }, headers)) {
                @Override
                public void onCancel() {
                    release.ignore();
                    super.onCancel();
                }
            };
        } catch (RuntimeException | Error e) {
            release.complete(Status.INTERNAL);
            throw e;
        }
    }

    private <ReqT, RespT> ServerCall.Listener<ReqT> refuse(ServerCall<ReqT, RespT> call, RejectReason reason,
            Status status, long waitNanos) {
        counts.rejected(reason);
        call.close(status.withDescription(reason.name().toLowerCase(java.util.Locale.ROOT)), Pushback.trailers(waitNanos));
        return new ServerCall.Listener<>() { };
    }

    /**
     * Returns the lease stream service ({@code tailguard.lease.Leases/Stream}) to add to the server
     * beside the application's services.
     *
     * @throws IllegalStateException when no lease responder was set
     */
    public ServerServiceDefinition leaseService() {
        if (leases == null) {
            throw new IllegalStateException("leases must be set to serve the lease stream but was null");
        }
        return leases.service();
    }

    /** Returns the tally of admitted and rejected calls, for metrics. */
    public AdmissionCounts counts() {
        return counts;
    }

    /** Returns the concurrency limiter, or null if none is set. */
    public ConcurrencyLimiter limiter() {
        return limiter;
    }

    /** Returns the rate gate, or null if none is set. */
    public TokenBucket rateGate() {
        return rate;
    }

    /** Thread-safe: completes one call's permit through the decision path exactly once. */
    private final class Release extends AtomicBoolean {
        private static final long serialVersionUID = 1L;
        private final transient Permit permit;
        private final long startNanos;

        Release(Permit permit, long startNanos) {
            this.permit = permit;
            this.startNanos = startNanos;
        }

        void complete(Status status) {
            if (compareAndSet(false, true)) {
                Completion completion = switch (status.getCode()) {
                    case OK -> Completion.SUCCESS;
                    case UNAVAILABLE, RESOURCE_EXHAUSTED, DEADLINE_EXCEEDED, INTERNAL, UNKNOWN -> Completion.DROPPED;
                    default -> Completion.IGNORED;
                };
                path.completeAtOnce(permit, startNanos, completion, clock.nanoTime());
            }
        }

        /** The client cancelled or went away: that says nothing about capacity. */
        void ignore() {
            if (compareAndSet(false, true)) {
                path.completeAtOnce(permit, startNanos, Completion.IGNORED, clock.nanoTime());
            }
        }
    }

    /** Not thread-safe: what the decision path said of one call, read on the thread that submitted it. */
    private static final class Admission {
        LocalAnswer refusal;
    }

    /** Thread-safe (stateless): the path's commands for calls, always decided on the submitting thread. */
    private static final class CallHost implements PathHost<Admission> {

        @Override
        public void forward(Admission admission, int backend, int attempt) {
            // admitted: the interceptor starts the call when submit returns
        }

        @Override
        public void answer(Admission admission, LocalAnswer answer, long retryAfterSeconds) {
            admission.refusal = answer;
        }

        @Override
        public void cancel(Admission admission, int attempt) {
            // a running call is the service's: the interceptor never abandons one
        }
    }

    /** Thread-safe: the interceptor's clock as a scheduler that is never asked to run anything (the path arms no timer). */
    private record UntimedScheduler(NanoClock clock) implements Scheduler {

        @Override
        public Cancellable schedule(long delayNanos, Runnable task) {
            throw new IllegalStateException("the interceptor's decision path arms no timer but was asked for one");
        }
    }

    /** Not thread-safe builder of a {@link TailguardServerInterceptor}; each part is optional. */
    public static final class Builder {
        private NanoClock clock = NanoClock.system();
        private TokenBucketConfig rate;
        private ConcurrencyLimiter limiter;
        private LeaseResponder leases;

        private Builder() {
        }

        /**
         * Makes the interceptor a lease responder (docs/leases.md, "over gRPC"): each call is
         * checked against the lease of its {@code tailguard-lease-id} before anything else and
         * closed {@code RESOURCE_EXHAUSTED} when over it; serve {@link TailguardServerInterceptor#leaseService()} too. Build
         * {@code responder} on a scheduler whose clock is this interceptor's.
         */
        public Builder leases(LeaseResponder responder) {
            this.leases = Check.notNull("leases", responder);
            return this;
        }

        /** A token bucket asked first; a refusal is {@code RESOURCE_EXHAUSTED} with the wait for the next token. */
        public Builder rate(TokenBucketConfig config) {
            this.rate = Check.notNull("rate", config);
            return this;
        }

        /** The concurrency limit (fixed or adaptive); a refusal is {@code UNAVAILABLE}. */
        public Builder limiter(ConcurrencyLimiter limiter) {
            this.limiter = Check.notNull("limiter", limiter);
            return this;
        }

        /** The clock calls are timed with; tests pass a manual one. */
        public Builder clock(NanoClock clock) {
            this.clock = Check.notNull("clock", clock);
            return this;
        }

        /** Builds the interceptor. */
        public TailguardServerInterceptor build() {
            return new TailguardServerInterceptor(this);
        }
    }
}
