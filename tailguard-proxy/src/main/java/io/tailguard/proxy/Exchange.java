package io.tailguard.proxy;

import io.netty.channel.Channel;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.tailguard.admission.RejectReason;
import io.tailguard.hedge.HedgeTimeoutException;
import io.tailguard.hedge.Hedger;
import java.util.List;

/**
 * Not thread-safe: one request's way through the proxy, from its head to the end of its response:
 * admission (a Redis rate decision, the queue), then a {@link Forward} to a backend or a
 * {@link HedgedForward} across several, and the answer. Every method runs on the client connection's
 * event loop (the backend connection shares it), except {@link #startLater} and {@link #rejectLater},
 * which hand over to that loop, as a Redis rate decision does ({@link SharedRateWait}).
 *
 * <p>A request's permit is held from {@link #start} until the response ends or the exchange is
 * abandoned; it is completed exactly once through {@link Pool#complete}.
 */
final class Exchange {

    /** BUFFERING: a small body, or a chunked body's first part, is read before admission (buffer-body-bytes). */
    private enum Phase { NEW, BUFFERING, RATING, QUEUED, HEDGING, FORWARDING, DONE }

    private final ClientHandler client;
    private final EventLoop loop;
    private final HttpRequest request;
    private final Pool pool;
    private final long startNanos;
    private final long deadlineNanos;
    private final boolean requestHasBody;
    private final Hedger hedger;
    private final PendingBody pending = new PendingBody();
    private HedgedForward hedged;
    private Forward forward;
    /** The client's head has been turned into the outgoing one ({@link Headers#prepareOutgoing}). */
    private boolean headPrepared;
    private Phase phase = Phase.NEW;
    private long enqueuedNanos;
    private long queueWaitNanos;
    /** What a queued request answers when the connection's timer says its wait is over. */
    private RejectReason queueTimeoutReason = RejectReason.QUEUE_TIMEOUT;

    Exchange(ClientHandler client, HttpRequest request, boolean requestHasBody, Pool pool, long startNanos,
             long budgetNanos, Hedger hedger) {
        this.client = client;
        this.loop = client.loop();
        this.request = request;
        this.pool = pool;
        this.startNanos = startNanos;
        this.deadlineNanos = budgetNanos == Long.MAX_VALUE ? Long.MAX_VALUE : startNanos + budgetNanos;
        this.requestHasBody = requestHasBody;
        this.hedger = hedger != null && idempotent() && !requestHasBody && pool.hasSeveralBackends() ? hedger : null;
    }

    private boolean idempotent() {
        return request.method().equals(HttpMethod.GET) || request.method().equals(HttpMethod.HEAD);
    }

    /** True if the request may be sent again as it is: idempotent, no body. */
    boolean replayable() {
        return !requestHasBody && idempotent();
    }

    ProxyMetrics metrics() {
        return client.metrics();
    }

    HttpRequest request() {
        return request;
    }

    boolean requestHasBody() {
        return requestHasBody;
    }

    boolean done() {
        return phase == Phase.DONE;
    }

    long startNanos() {
        return startNanos;
    }

    Pool pool() {
        return pool;
    }

    /** Returns the time left before the request's deadline, {@link Long#MAX_VALUE} if it has none. */
    long remainingNanos(long nowNanos) {
        return deadlineNanos == Long.MAX_VALUE ? Long.MAX_VALUE : Math.max(0L, deadlineNanos - nowNanos);
    }

    /** True if the request has a deadline (a client's header or its route's default). */
    boolean hasDeadline() {
        return deadlineNanos != Long.MAX_VALUE;
    }

    /** The body is read first; admission waits for its end or a full buffer ({@link #bodyBuffered}). */
    void markBuffering() {
        phase = Phase.BUFFERING;
    }

    boolean buffering() {
        return phase == Phase.BUFFERING;
    }

    /** The body, or as much of it as is buffered before admission, is kept: admission may begin. */
    void bodyBuffered() {
        phase = Phase.NEW;
    }

    void markQueued(long nowNanos) {
        phase = Phase.QUEUED;
        enqueuedNanos = nowNanos;
    }

    /**
     * Withdraws the request from the queue after {@code delayNanos} unless it left before, answering
     * {@code reason}. The wait is timed by the client connection's one timer, like the response's.
     */
    void armQueueTimer(long delayNanos, RejectReason reason) {
        queueTimeoutReason = reason;
        client.armExchangeTimer(this, delayNanos);
    }

    /** The request waits for its route's Redis bucket ({@link SharedRateWait}). */
    void markRating(long nowNanos) {
        phase = Phase.RATING;
        client.metrics().redisRate(pool);
        if (hasDeadline()) {
            client.armExchangeTimer(this, remainingNanos(nowNanos));
        }
    }

    /** True while the request waits for a Redis rate decision (its client has not left, its deadline not passed). */
    boolean rating() {
        return phase == Phase.RATING;
    }

    /** The Redis bucket admitted the request: admission goes on with the pool. */
    void rateAdmitted() {
        client.disarmExchangeTimer(this);
        phase = Phase.NEW;
        client.continueIfExpected(request);
        pool.submit(this);
    }

    /** Called by the pool (any thread) when a queued request got a permit. */
    void startLater(Assignment granted, long nowNanos) {
        long waited = nowNanos - enqueuedNanos;
        client.metrics().queueWait(pool, waited); // only queued requests: the others waited no time
        loop.execute(() -> start(granted, waited));
    }

    /** Called by the queue's shed listener (any thread): the request waited too long. */
    void rejectLater(RejectReason reason) {
        loop.execute(() -> reject(reason));
    }

    /** Sends the request to the assigned backend, on a pooled connection or a new one. */
    void start(Assignment granted, long waitedNanos) {
        client.disarmExchangeTimer(this);
        queueWaitNanos = waitedNanos;
        if (phase == Phase.DONE) { // the client left while the permit was on its way
            pool.complete(granted, Outcome.IGNORED);
            return;
        }
        if (phase == Phase.QUEUED && client.peerGone()) {
            // It left as its turn came, and this loop has not read the close yet: never forward it.
            pool.complete(granted, Outcome.IGNORED);
            client.closeGone(); // channelInactive ends the exchange and counts the departure
            return;
        }
        if (hedger != null) {
            phase = Phase.HEDGING;
            pending.release(); // a hedged request has no body: only its empty end, which each attempt sends
            hedged = new HedgedForward(this, loop, pool, outgoingHead(pool.clock().nanoTime()));
            hedged.start(granted, hedger);
            client.readIfWanted();
            return;
        }
        phase = Phase.FORWARDING;
        forward = new Forward(this, client, loop, pool, pending);
        forward.send(granted, true);
    }

    /**
     * Returns the request head as it leaves for a backend: hop-by-hop out, forwarding and the budget
     * left in. The client's head becomes the outgoing one on the first send; a second send (a pooled
     * connection lost before the request reached it) only renews the budget.
     */
    HttpRequest outgoingHead(long nowNanos) {
        if (!headPrepared) {
            Headers.prepareOutgoing(request, requestHasBody, client.peer());
            headPrepared = true;
        }
        Headers.setBudget(request.headers(), remainingNanos(nowNanos));
        return request;
    }

    /** The hedged call's winner: its connection and response become this exchange's. */
    void adopt(Assignment winner, Channel channel, HttpResponse head, List<HttpContent> early, long winnerSentNanos) {
        if (phase != Phase.HEDGING) { // ended meanwhile: give the winner up too
            UpstreamHandler.of(channel).unbind();
            channel.close();
            pool.complete(winner, Outcome.IGNORED);
            early.forEach(ReferenceCountUtil::release);
            return;
        }
        hedged = null;
        phase = Phase.FORWARDING;
        forward = new Forward(this, client, loop, pool, pending);
        forward.adopt(winner, channel, head, early, winnerSentNanos);
    }

    /** Every hedged attempt failed, or the hedge timed out. */
    void hedgeFailed(Throwable error) {
        if (phase != Phase.HEDGING) {
            return;
        }
        hedged = null;
        if (error instanceof HedgeTimeoutException) {
            failed(HttpResponseStatus.GATEWAY_TIMEOUT, "upstream_timeout");
        } else {
            failed(HttpResponseStatus.BAD_GATEWAY, "upstream_failed");
        }
    }

    /** True while the client's body should be read: a backend takes it and can absorb more. */
    boolean wantsBody() {
        return phase == Phase.BUFFERING || (phase == Phase.FORWARDING && forward.wantsBody());
    }

    /** A piece of the request body from the client. */
    void onRequestContent(HttpContent content) {
        if (!requestHasBody || phase == Phase.DONE || phase == Phase.HEDGING) {
            ReferenceCountUtil.release(content); // a bodyless request's end went with its head
        } else if (phase == Phase.FORWARDING) {
            forward.onRequestContent(content);
        } else {
            pending.add(content);
        }
    }

    /** The client can take more of the response. */
    void clientWritable() {
        if (phase == Phase.FORWARDING) {
            forward.clientWritable();
        }
    }

    /**
     * The client connection's timer: the queue wait, the response head's time or (waiting for Redis)
     * the request's deadline passed.
     */
    void deadlinePassed() {
        if (phase == Phase.RATING) {
            reject(RejectReason.DEADLINE_EXCEEDED);
        } else if (phase == Phase.QUEUED) {
            if (pool.withdraw(this)) {
                reject(queueTimeoutReason);
            }
        } else if (phase == Phase.FORWARDING) {
            forward.responseTimedOut();
        }
    }

    /** The forward's response ended with {@code lastPart}; its permit is completed. */
    void responded(int status, long upstreamNanos, HttpObject lastPart) {
        phase = Phase.DONE;
        client.exchangeEnded(this, status, "", queueWaitNanos, upstreamNanos, false, lastPart);
    }

    /**
     * The backend connection closed, or sent bytes that are not HTTP ({@code why}), after the response
     * head went to the client: the client's connection closes too, and the exchange counts as a 502.
     */
    void lostMidResponse(long upstreamNanos, String why) {
        phase = Phase.DONE;
        client.exchangeEnded(this, 502, why, queueWaitNanos, upstreamNanos, true, null);
    }

    /** The client's connection closed: never keep working for it. */
    void clientGone() {
        switch (phase) {
            case NEW, DONE -> {
                return;
            }
            case BUFFERING -> client.metrics().clientGone(pool, "body");
            case RATING -> client.metrics().clientGone(pool, "rate");
            case QUEUED -> {
                // Withdrawn, or already handed a permit (start, on this loop, will give it back) or
                // shed (reject finds the exchange done): either way never forwarded, counted once.
                pool.withdraw(this);
                client.metrics().clientGone(pool, "queued");
            }
            case HEDGING -> {
                hedged.clientLeft();
                client.metrics().clientGone(pool, "in_flight");
            }
            case FORWARDING -> {
                String stage = forward.connecting() ? "connecting" : "in_flight";
                forward.clientLeft();
                client.metrics().clientGone(pool, stage);
            }
        }
        long upstreamNanos = end(); // done before the log line: a permit or a rate answer on its way finds it over
        client.exchangeEnded(this, 499, "client_gone", queueWaitNanos, upstreamNanos, true, null);
    }

    /** Answers at once with the status a rejection maps to, and a Retry-After from the pool's state. */
    void reject(RejectReason reason) {
        if (phase == Phase.DONE) {
            return;
        }
        client.metrics().rejected(pool, reason);
        if (phase == Phase.QUEUED) {
            queueWaitNanos = pool.clock().nanoTime() - enqueuedNanos;
        }
        long retryAfter = pool.retryAfterSeconds();
        end();
        client.respondError(this, HttpResponseStatus.SERVICE_UNAVAILABLE, retryAfter,
                ProxyMetrics.reasonName(reason), queueWaitNanos);
    }

    /** The request failed on the way to or at a backend, before its response began: the client gets {@code status}. */
    void failed(HttpResponseStatus status, String why) {
        answer(status, -1L, why);
    }

    /** Answers with a locally made {@code status} (a rate limit, a failed backend). */
    void answer(HttpResponseStatus status, long retryAfterSeconds, String why) {
        end();
        client.respondError(this, status, retryAfterSeconds, why, queueWaitNanos);
    }

    /** Abandons the exchange for a client-side error (body too large, malformed chunk). */
    void abort() {
        if (phase == Phase.HEDGING) {
            hedged.cancel();
        } else if (phase == Phase.FORWARDING) {
            forward.close(Outcome.IGNORED);
        } else if (phase == Phase.QUEUED) {
            pool.withdraw(this);
        }
        end();
    }

    /** Ends the exchange's own part: no timer, no kept body; returns the forward's upstream time (-1 if none). */
    private long end() {
        client.disarmExchangeTimer(this);
        phase = Phase.DONE;
        pending.release();
        return forward == null ? -1L : forward.upstreamNanos();
    }
}
