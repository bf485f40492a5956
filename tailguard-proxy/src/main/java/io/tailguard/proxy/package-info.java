/**
 * The tailguard proxy: an HTTP/1.1 reverse proxy on Netty that puts the core policies in front of a
 * real service. {@link io.tailguard.proxy.ProxyServer} is the entry point.
 *
 * <p>It adds I/O, never policy: each backend's cap is a core {@code ConcurrencyLimiter}, the waiting
 * room a core {@code BoundedQueue}, the expected wait a core {@code DrainEstimator}, rate limits core
 * {@code TokenBucket}s, retries a core {@code RetryBudget}, backend choice a core {@code Balancer}.
 * Every client connection and the backend connections its requests use share one event loop; a
 * request waiting in the queue costs one object and its socket, and never reaches a backend after
 * its client has left.
 */
package io.tailguard.proxy;
