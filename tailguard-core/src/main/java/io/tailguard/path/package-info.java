/**
 * The decision path: everything a proxy decides for one request of one pool, as one state machine
 * fed events with {@code nowNanos} and answering with commands its host carries out. The proxy, the
 * servlet filter, the gRPC interceptor and the simulator drive the same {@link
 * io.tailguard.path.DecisionPath}, so a plan run in virtual time predicts what the live proxy does.
 */
package io.tailguard.path;
