package io.tailguard.journal;

/**
 * Thread-safe (immutable): what a replica ({@link ReplicaServer}) counted of its connections,
 * read together at one moment.
 *
 * @param connections how many primaries were accepted (handshake passed) so far
 * @param rejectedFrames how many connections were closed because of a bad or unfinished frame
 * @param openConnections how many connections are open, in their handshake or serving (at most 16)
 * @param refusedPrimaries how many primaries the replica refused because it holds another journal's records
 */
public record ReplicaStats(long connections, long rejectedFrames, int openConnections, long refusedPrimaries) {
}
