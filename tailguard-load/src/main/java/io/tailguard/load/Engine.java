package io.tailguard.load;

import io.tailguard.config.Check;
import org.HdrHistogram.Recorder;

/**
 * Not thread-safe (confined to one thread, the event loop of its connections): the open-loop core.
 * It releases requests when their due time passes, sends each on an idle keep-alive connection or,
 * when every connection is busy, opens another (up to its maximum) and keeps the request waiting
 * client-side in due order until one is free; it never pipelines. Latency runs from the due time, so time spent waiting for a
 * connection, or for a late generator, is part of it (no coordinated omission). Every method takes
 * the current time; the engine holds no clock.
 *
 * <p>Requests are released and sent in due order, so those waiting for a connection are always the
 * contiguous range {@code [nextToSend, released)}: the wait queue is two cursors, not a collection.
 */
final class Engine {

    private static final int IDLE = -1;
    private static final int DOWN = -2;
    private static final int UNOPENED = -3;
    /** Latencies above an hour are recorded as an hour (the histogram's range). */
    static final long MAX_RECORDED_NANOS = 3_600_000_000_000L;

    private final long timeoutNanos;
    private final Wire wire;
    /** Per connection: the request in flight, or {@link #IDLE} or {@link #DOWN}. */
    private final int[] inFlight;
    private final long[] sentNanos;
    private final int[] idle;
    private int idleCount;
    /** Slots {@code [0, opened)} have been opened at least once; the rest were never needed. */
    private int opened;
    /** Connections idle or busy (the others of the opened ones are down or reconnecting). */
    private int live;
    /** Requests before this index have been counted as waiting, if they waited. */
    private int waitCounted;

    private long[] due = new long[0];
    private int firstMeasured;
    private Tally tally = new Tally();
    private Recorder latency;
    private Recorder service;
    private Recorder success;
    private int released;
    private int nextToSend;
    private int done;

    /**
     * Creates an engine that may open up to {@code maxConnections} connections; none is open until
     * {@link #openSlot} names one and the wire reports it {@link #connected}.
     */
    Engine(int maxConnections, long timeoutNanos, Wire wire) {
        int connections = Check.positive("maxConnections", maxConnections);
        this.timeoutNanos = Check.positive("timeoutNanos", timeoutNanos);
        this.wire = Check.notNull("wire", wire);
        this.inFlight = new int[connections];
        this.sentNanos = new long[connections];
        this.idle = new int[connections];
        java.util.Arrays.fill(inFlight, UNOPENED);
    }

    /**
     * Takes the next connection slot never opened and marks it down (connecting); the caller asks
     * the wire to connect it. Returns the slot, or -1 if every slot is taken.
     */
    int openSlot() {
        if (opened == inFlight.length) {
            return -1;
        }
        inFlight[opened] = DOWN;
        tally.opened(opened + 1);
        return opened++;
    }

    /**
     * Starts a step: {@code due} holds every request's absolute due time in order; requests before
     * {@code firstMeasured} are warm-up (sent, not counted or recorded). The previous step must be
     * {@link #finished}. {@code success} receives the latency of 2xx/3xx answers only.
     */
    void begin(long[] due, int firstMeasured, Tally tally, Recorder latency, Recorder service, Recorder success) {
        if (!finished()) {
            throw new IllegalStateException("the previous step has " + (released - done) + " requests open");
        }
        this.due = due;
        this.firstMeasured = firstMeasured;
        this.tally = tally;
        this.latency = latency;
        this.service = service;
        this.success = success;
        this.released = 0;
        this.nextToSend = 0;
        this.done = 0;
        this.waitCounted = 0;
        tally.opened(opened);
    }

    /** Returns true when every request of the step is released and answered, failed or timed out. */
    boolean finished() {
        return released == due.length && done == due.length;
    }

    /** Returns the due time of the next request not yet released, or {@code Long.MAX_VALUE}. */
    long nextDueNanos() {
        return released < due.length ? due[released] : Long.MAX_VALUE;
    }

    /** Releases every request due by {@code nowNanos} and sends what idle connections can take. */
    void tick(long nowNanos) {
        tally.tickedNanos.lazySet(nowNanos);
        while (released < due.length && due[released] <= nowNanos) {
            if (released >= firstMeasured) {
                tally.late(nowNanos - due[released]);
            }
            released++;
        }
        expireWaiting(nowNanos);
        while (nextToSend < released && idleCount > 0) {
            send(idle[--idleCount], nowNanos);
        }
        // a connection coming up (new or reopened) will take one waiting request each
        while (released - nextToSend > opened - live && opened < inFlight.length) {
            wire.open(openSlot());
        }
        countWaits();
        tally.waiting(released - nextToSend);
    }

    /**
     * Counts the requests that started waiting for a connection since the last count, and those of
     * them for which no connection is coming because every slot is open: the maximum held them back.
     */
    private void countWaits() {
        int from = Math.max(Math.max(waitCounted, nextToSend), firstMeasured);
        if (from < released) {
            long uncovered = (released - nextToSend) - (opened - live);
            long started = released - from;
            tally.add(tally.connectionWaits, started);
            tally.add(tally.waitsAtMax, Math.max(0, Math.min(started, uncovered)));
        }
        waitCounted = Math.max(waitCounted, released);
    }

    /** Times out requests in flight or waiting for longer than the timeout since their due time. */
    void sweep(long nowNanos) {
        for (int conn = 0; conn < inFlight.length; conn++) {
            int request = inFlight[conn];
            if (request >= 0 && nowNanos - due[request] >= timeoutNanos) {
                inFlight[conn] = DOWN;
                live--;
                done++;
                if (measured(request)) {
                    Tally.increment(tally.timeouts);
                }
                wire.reset(conn);
            }
        }
        tick(nowNanos);
    }

    /** Reports that connection {@code conn} is open and idle. */
    void connected(int conn, long nowNanos) {
        if (inFlight[conn] != DOWN) {
            throw new IllegalStateException("connection " + conn + " must be down but was " + inFlight[conn]);
        }
        inFlight[conn] = IDLE;
        live++;
        idle[idleCount++] = conn;
        tick(nowNanos);
    }

    /**
     * Reports the complete response to the request on {@code conn}.
     *
     * @param reusable false if the connection closes after this response
     */
    void answered(int conn, int status, boolean reusable, long nowNanos) {
        int request = inFlight[conn];
        if (request < 0) {
            return;
        }
        inFlight[conn] = reusable ? IDLE : DOWN;
        live -= reusable ? 0 : 1;
        done++;
        if (measured(request)) {
            latency.recordValue(Math.min(MAX_RECORDED_NANOS, nowNanos - due[request]));
            service.recordValue(Math.min(MAX_RECORDED_NANOS, nowNanos - sentNanos[conn]));
            tally.status(status);
            boolean ok = status >= 200 && status < 400;
            if (ok) {
                success.recordValue(Math.min(MAX_RECORDED_NANOS, nowNanos - due[request]));
            }
            Tally.increment(status == 429 || status == 503 ? tally.shed : ok ? tally.ok : tally.errors);
        }
        if (reusable) {
            idle[idleCount++] = conn;
            tick(nowNanos);
        }
    }

    /** Reports that {@code conn} closed or failed; a request in flight on it is an error. */
    void lost(int conn, long nowNanos) {
        int request = inFlight[conn];
        if (request == DOWN || request == UNOPENED) {
            return;
        }
        live--;
        if (request == IDLE) {
            for (int i = 0; i < idleCount; i++) {
                if (idle[i] == conn) {
                    idle[i] = idle[--idleCount];
                    break;
                }
            }
        } else {
            done++;
            if (measured(request)) {
                Tally.increment(tally.errors);
            }
        }
        inFlight[conn] = DOWN;
    }

    /** Returns the number of open connections (idle or busy). */
    int open() {
        return live;
    }

    private void send(int conn, long nowNanos) {
        int request = nextToSend++;
        inFlight[conn] = request;
        sentNanos[conn] = nowNanos;
        if (measured(request)) {
            Tally.increment(tally.sent);
        }
        wire.send(conn);
    }

    private void expireWaiting(long nowNanos) {
        while (nextToSend < released && nowNanos - due[nextToSend] >= timeoutNanos) {
            int request = nextToSend++;
            done++;
            if (measured(request)) {
                Tally.increment(tally.timeouts);
            }
        }
    }

    private boolean measured(int request) {
        return request >= firstMeasured;
    }
}
