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
 */
package io.tailguard.proxy;
