package io.tailguard.lease;

/**
 * Thread-safe (synchronized) bound on admissions over any trailing period: at most {@code allowed}
 * requests admitted in the last period, whatever the lease boundaries. A lease counts admissions
 * from its own start, but the service it protects counts its own way: the published lease demo's
 * service counts requests from the first one of each one-second window, and a window opens
 * wherever the traffic put its first request, not when a lease arrives. When the traffic to a
 * responder is uneven (a balancer that does not read leases, a requester that sends less than
 * its grant), a service window spans the end of one lease and the start of the next and takes
 * both, up to twice the grant, past any knee the sender learned. Over any trailing period no
 * service window of that length can hold more than the grant.
 *
 * <p>It keeps the admission times of the last {@code allowed} requests in a ring; a request has
 * room when the {@code allowed}-th most recent admission is a period old. The ring grows when a
 * larger grant is set (once a period, off the decision path); checking and recording allocate
 * nothing. They are separate steps (the lease gate decides between them), so callers racing for
 * the last room may pass the bound by at most their number.
 */
final class TrailingAdmissions {

    private long[] admittedAtNanos = new long[0];
    private long admitted;
    private int allowed = Integer.MAX_VALUE;
    private long periodNanos;
    /** Set once by the first {@link #bound}: until then nothing is recorded and no lock is taken. */
    private volatile boolean bounded;

    /** Bounds the admissions over any trailing {@code periodNanos} to {@code allowed} (at least 1). */
    synchronized void bound(int allowed, long periodNanos) {
        if (admittedAtNanos.length < allowed) {
            long[] grown = new long[Math.max(allowed, admittedAtNanos.length * 2)];
            for (long i = Math.max(0L, admitted - admittedAtNanos.length); i < admitted; i++) {
                grown[slot(i, grown.length)] = admittedAtNanos[slot(i, admittedAtNanos.length)];
            }
            admittedAtNanos = grown;
        }
        this.allowed = allowed;
        this.periodNanos = periodNanos;
        bounded = true;
    }

    /** Returns true if a request admitted at {@code nowNanos} keeps the bound; always true before {@link #bound}. */
    boolean hasRoom(long nowNanos) {
        if (!bounded) {
            return true;
        }
        synchronized (this) {
            return admitted < allowed
                    || nowNanos - admittedAtNanos[slot(admitted - allowed, admittedAtNanos.length)] >= periodNanos;
        }
    }

    /** Records a request admitted at {@code nowNanos}. */
    void admit(long nowNanos) {
        if (!bounded) {
            return;
        }
        synchronized (this) {
            admittedAtNanos[slot(admitted, admittedAtNanos.length)] = nowNanos;
            admitted++;
        }
    }

    private static int slot(long index, int length) {
        return (int) (index % length);
    }
}
