package io.tailguard.lab.live.edge;

import java.util.List;

/**
 * Thread-safe (immutable) totals of one setup's rows, the columns of {@code edge-summary.csv}.
 *
 * @param setup          the setup's name
 * @param requests       how many clients ran
 * @param ok             2xx answers
 * @param fastRejects    error answers in under 100 ms
 * @param timeouts       failures after waiting: 504s, late 5xx, clients that gave up
 * @param backendServed  requests the backend finished
 * @param wastedSeconds  backend seconds spent on requests whose client had gone
 * @param clientTotal    the clients' waiting time, summed
 * @param maxClient      the longest a client waited
 * @param slowestReject  the longest a client waited for an error answer (0 if none)
 */
record EdgeSummary(String setup, int requests, int ok, int fastRejects, int timeouts, int backendServed,
                   double wastedSeconds, double clientTotal, double maxClient, double slowestReject) {

    /** Sums the rows of one setup. */
    static EdgeSummary of(String setup, List<EdgeRow> rows) {
        return new EdgeSummary(setup, rows.size(),
                (int) rows.stream().filter(EdgeRow::ok).count(),
                (int) rows.stream().filter(EdgeRow::fastReject).count(),
                (int) rows.stream().filter(EdgeRow::timedOut).count(),
                (int) rows.stream().filter(EdgeRow::backendServed).count(),
                rows.stream().mapToDouble(EdgeRow::wastedSeconds).sum(),
                rows.stream().mapToDouble(EdgeRow::clientSeconds).sum(),
                rows.stream().mapToDouble(EdgeRow::clientSeconds).max().orElse(0),
                rows.stream().filter(EdgeRow::rejected).mapToDouble(EdgeRow::clientSeconds).max().orElse(0));
    }

    /** Returns how many requests got {@code status}, counted from the rows. */
    static long count(List<EdgeRow> rows, String status) {
        return rows.stream().filter(r -> r.status().equals(status)).count();
    }
}
