/**
 * The published lab's circuit-breaker experiment: breakers on the call tree's edges (the core
 * {@link io.tailguard.breaker.CircuitBreaker}) stop a retry storm against a database that is down and
 * keep a shared frontend free for the route that never calls it; a row runs the real Resilience4j
 * breaker as the published lab does.
 */
package io.tailguard.lab.breaker;
