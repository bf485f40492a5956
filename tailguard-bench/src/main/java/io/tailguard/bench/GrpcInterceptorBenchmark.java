package io.tailguard.bench;

import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.Status;
import io.tailguard.grpc.TailguardServerInterceptor;
import io.tailguard.limit.ConcurrencyLimiter;
import io.tailguard.rate.TokenBucketConfig;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The time tailguard's gRPC server interceptor adds to one admitted call: starting the call through
 * the interceptor and closing it with {@code OK} (which releases the permit), against starting and
 * closing it without the interceptor, in the same run. {@code ours} has a fixed concurrency limit no
 * thread count reaches, {@code oursRateLimit} adds a token bucket that never runs dry. No peer:
 * concurrency-limits' gRPC module is not on Maven Central, so the comparison is the same path
 * without admission. The call is a stand-in with no transport, so the figures are the
 * interceptor's own cost.
 *
 * <p>How to run:
 * <pre>
 * java -jar tailguard-bench/target/benchmarks.jar 'GrpcInterceptorBenchmark' -t 1 -prof gc
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class GrpcInterceptorBenchmark {

    private static final MethodDescriptor.Marshaller<byte[]> BYTES = new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(byte[] value) {
            return new ByteArrayInputStream(value);
        }

        @Override
        public byte[] parse(InputStream stream) {
            return new byte[0];
        }
    };
    private static final MethodDescriptor<byte[], byte[]> METHOD = MethodDescriptor.<byte[], byte[]>newBuilder()
            .setType(MethodDescriptor.MethodType.UNARY).setFullMethodName("bench.Service/Call")
            .setRequestMarshaller(BYTES).setResponseMarshaller(BYTES).build();

    private final Metadata headers = new Metadata();
    private final Metadata trailers = new Metadata();
    private final ServerCall<byte[], byte[]> call = new ServerCall<>() {
        @Override
        public void request(int numMessages) {
        }

        @Override
        public void sendHeaders(Metadata responseHeaders) {
        }

        @Override
        public void sendMessage(byte[] message) {
        }

        @Override
        public void close(Status status, Metadata closingTrailers) {
        }

        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public MethodDescriptor<byte[], byte[]> getMethodDescriptor() {
            return METHOD;
        }
    };
    private final ServerCall.Listener<byte[]> listener = new ServerCall.Listener<>() { };
    /** The application: answers at once, closing the call it was given (the interceptor's wrapper, if any). */
    private final ServerCallHandler<byte[], byte[]> application = (started, requestHeaders) -> {
        started.close(Status.OK, trailers);
        return listener;
    };
    private TailguardServerInterceptor ours;
    private TailguardServerInterceptor oursRateLimit;

    @Setup
    public void setUp() {
        ours = TailguardServerInterceptor.builder().limiter(ConcurrencyLimiter.fixed(1_000)).build();
        oursRateLimit = TailguardServerInterceptor.builder()
                .rate(TokenBucketConfig.of(1_000_000_000L, 1_000_000_000L, Duration.ofSeconds(1))) // never dry
                .limiter(ConcurrencyLimiter.fixed(1_000)).build();
    }

    @Benchmark
    public ServerCall.Listener<byte[]> direct() {
        return application.startCall(call, headers);
    }

    @Benchmark
    public ServerCall.Listener<byte[]> ours() {
        return ours.interceptCall(call, headers, application);
    }

    @Benchmark
    public ServerCall.Listener<byte[]> oursRateLimit() {
        return oursRateLimit.interceptCall(call, headers, application);
    }
}
