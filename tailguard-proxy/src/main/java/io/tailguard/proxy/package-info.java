/**
 * The tailguard proxy: an HTTP/1.1 reverse proxy on Netty that puts the core policies in front of a
 * real service. {@link io.tailguard.proxy.ProxyServer} is the entry point.
 *
 * <p>It adds I/O, never policy: what it decides per request (rate gates, deadline, admit, queue or
 * refuse, the choice of backend, retries, ejection, hedging, a departing client, what a completion
 * teaches) is one core {@code DecisionPath} per pool, the object {@code tailguard plan} simulates;
 * {@code Pool} is its host and carries its commands out on the connections.
 * Every client connection and the backend connections its requests use share one event loop; a
 * request waiting in the queue costs one object and its socket, and never reaches a backend after
 * its client has left.
 *
 * <p>This package holds the entry point and what ties a client's request to its pool's path (the
 * pool, the route, the exchange and its attempts, the Redis rate wait); the client connection is in
 * {@code client}, the backends and their connections in {@code upstream}, meters, access log and
 * admin listener in {@code ops}, the configuration in {@code config}. The API is {@code ProxyServer},
 * {@code ProxyStartException} and {@code config}; every other public type here is public for the
 * proxy's other packages only: internal to the proxy, not an API.
 */
package io.tailguard.proxy;
