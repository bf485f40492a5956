package io.tailguard.grpc.example;

import io.grpc.Channel;
import io.grpc.ClientInterceptors;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.tailguard.grpc.TailguardClientInterceptor;
import io.tailguard.grpc.TailguardServerInterceptor;
import io.tailguard.hedge.HedgeBudget;
import io.tailguard.hedge.HedgePolicy;
import io.tailguard.limit.AimdLimit;
import io.tailguard.limit.AimdLimitConfig;
import io.tailguard.limit.ConcurrencyLimiter;
import io.tailguard.rate.TokenBucketConfig;
import io.tailguard.retry.RetryBudgetConfig;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;

/** A gRPC service protected by tailguard, and a client that hedges and retries within budgets. */
public final class ProtectedGrpcService {

    private ProtectedGrpcService() {
    }

    /** Serves {@code service} (your generated service's {@code bindService()}) on 127.0.0.1:{@code port}. */
    public static Server serve(ServerServiceDefinition service, int port) throws IOException {
        TailguardServerInterceptor guard = TailguardServerInterceptor.builder()
                .rate(TokenBucketConfig.of(1_000, 1_000, Duration.ofSeconds(1)))    // RESOURCE_EXHAUSTED beyond
                .limiter(ConcurrencyLimiter.of(new AimdLimit(                        // UNAVAILABLE beyond
                        new AimdLimitConfig(32, 4, 256, 0.9, Duration.ofMillis(250)))))
                .build();
        return NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", port))
                .addService(ServerInterceptors.intercept(service, guard))
                .build()
                .start();
    }

    /** Wraps {@code channel} so unary calls are hedged after 20 ms and retried after the server's pushback. */
    public static Channel protect(ManagedChannel channel) {
        return ClientInterceptors.intercept(channel, TailguardClientInterceptor.builder()
                .hedging(HedgePolicy.speculative(2, Duration.ofMillis(20), Duration.ofSeconds(2))
                        .withBudget(HedgeBudget.of(0.05)))                          // at most 5 % extra load
                .retryBudget(RetryBudgetConfig.defaults())
                .build());
    }

    /** Opens a plaintext channel to 127.0.0.1:{@code port}. */
    public static ManagedChannel connect(int port) {
        return NettyChannelBuilder.forAddress("127.0.0.1", port).usePlaintext().build();
    }
}
