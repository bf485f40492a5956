package io.tailguard.lab.leases;

import java.util.List;

/**
 * Thread-safe (immutable) outcome of one scenario. Rates are means over the run after the first
 * second; latencies are over the requests accepted in that span, in whole milliseconds.
 *
 * @param scenario    what was run
 * @param acceptedRps accepted requests per second
 * @param rejectedRps rejected requests per second
 * @param p50Millis   median latency of accepted requests
 * @param p99Millis   99th percentile
 * @param p999Millis  99.9th percentile
 * @param servers     the same figures per server
 * @param seconds     per-second, per-server snapshots over the whole run
 */
record LeasesRow(LeasesScenario scenario, double acceptedRps, double rejectedRps, long p50Millis,
                 long p99Millis, long p999Millis, List<ServerResult> servers, List<Snapshot> seconds) {

    LeasesRow {
        servers = List.copyOf(servers);
        seconds = List.copyOf(seconds);
    }

    /** One server's share of the row. */
    record ServerResult(int server, double acceptedRps, double rejectedRps, long p99Millis) {
    }

    /** One server during one second of the run. */
    record Snapshot(int second, int server, int leasedRequests, long accepted, long rejected,
                    long p99Millis) {
    }
}
