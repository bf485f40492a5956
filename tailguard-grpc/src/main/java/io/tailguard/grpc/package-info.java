/**
 * gRPC interceptors: {@link io.tailguard.grpc.TailguardServerInterceptor} runs a rate gate and a
 * concurrency limit before each call and answers overload with {@code RESOURCE_EXHAUSTED} or
 * {@code UNAVAILABLE} and a retry pushback; {@link io.tailguard.grpc.TailguardClientInterceptor}
 * hedges unary calls, retries within a budget after the server's pushback, and carries deadlines.
 */
package io.tailguard.grpc;
