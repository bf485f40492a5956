package io.tailguard.sim.snapshot;

/**
 * Thread-safe (immutable) counts of one snapshot window of {@link ArrivalSnapshots}: the requests
 * that arrived in it and what became of them.
 *
 * @param index            the window's index, from 0
 * @param lastArrivalNanos when its last request arrived, 0 if none did
 * @param accepted         requests admitted
 * @param rejected         requests refused on arrival
 * @param p50Millis        median latency of its completed requests, whole milliseconds, 0 if none
 * @param p99Millis        99th percentile latency of its completed requests, 0 if none
 * @param maxBuffered      most requests at the station right after an admission decision, 0 if not sampled
 */
public record ArrivalSnapshot(int index, long lastArrivalNanos, long accepted, long rejected, long p50Millis,
                              long p99Millis, int maxBuffered) {
}
