/**
 * The published lab's hedged-requests experiment: each request hedged by the core
 * {@code io.tailguard.hedge.Hedger} on the simulator's scheduler, with the published latency
 * streams and the published in-sample threshold as a small lab adapter.
 */
package io.tailguard.lab.hedgedrequests;
