package io.tailguard.proxy;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import io.tailguard.admission.RejectReason;
import io.tailguard.hedge.HedgeTimeoutException;
import io.tailguard.hedge.Hedger;
import io.tailguard.redis.RateDecision;
import java.net.ConnectException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Not thread-safe: one request's way through the proxy, from its head to the end of its response.
 * Every method runs on the client connection's event loop (the backend connection shares it), except
 * {@link #startLater} and {@link #rejectLater}, which hand over to that loop, as a Redis rate decision
 * does ({@link #awaitSharedRate}).
 *
 * <p>A request's permit is held from {@link #start} until the response ends or the exchange is
 * abandoned; it is completed exactly once through {@link Pool#complete}.
 */
final class Exchange implements UpstreamLeg {

    private enum Phase { NEW, RATING, QUEUED, CONNECTING, HEDGING, FORWARDING, RESPONDING, DONE }

    private final ClientHandler client;
    private final EventLoop loop;
    private final HttpRequest request;
    private final Pool pool;
    private final long startNanos;
    private final long deadlineNanos;
    private final boolean requestHasBody;
    private final Hedger hedger;
    private HedgedForward hedged;
    /** The current backend connection came from the pool (so it may have been closed while idle). */
    private boolean reusedConnection;
    /** The client's head has been turned into the outgoing one ({@link Headers#prepareOutgoing}). */
    private boolean headPrepared;
    /** Body pieces read before a backend connection took the head; most requests have none. */
    private List<HttpContent> pending;
    private Phase phase = Phase.NEW;
    private boolean requestEnded;
    private long enqueuedNanos;
    private long queueWaitNanos;
    private long sentNanos;
    private Assignment assignment;
    private Channel upstream;
    /** The queue timer; the response deadline is the client connection's timer. */
    private ScheduledFuture<?> queueTimer;
    private int status;

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

    ProxyMetrics metrics() {
        return client.metrics();
    }

    HttpRequest request() {
        return request;
    }

    boolean done() {
        return phase == Phase.DONE;
    }

    /** Returns the time left before the request's deadline, {@link Long#MAX_VALUE} if it has none. */
    long remainingNanos(long nowNanos) {
        return deadlineNanos == Long.MAX_VALUE ? Long.MAX_VALUE : Math.max(0L, deadlineNanos - nowNanos);
    }

    void markQueued(long nowNanos) {
        phase = Phase.QUEUED;
        enqueuedNanos = nowNanos;
    }

    /** Withdraws the request from the queue after {@code delayNanos} unless it left before. */
    void scheduleQueueTimer(long delayNanos, RejectReason reason) {
        queueTimer = loop.schedule(() -> {
            if (phase == Phase.QUEUED && pool.withdraw(this)) {
                reject(reason);
            }
        }, delayNanos, TimeUnit.NANOSECONDS);
    }

    /**
     * Asks the route's Redis bucket, then goes on with admission on this loop when the answer comes.
     * Meanwhile the request waits as a queued one does: nothing more of it is read, its deadline
     * (if it has one) answers {@code 503 deadline_exceeded}, and a client that leaves is forgotten,
     * so a late admission forwards nothing.
     */
    void awaitSharedRate(RateGates rates, long nowNanos) {
        phase = Phase.RATING;
        client.metrics().redisRate(pool);
        if (deadlineNanos != Long.MAX_VALUE) {
            client.armResponseTimer(this, remainingNanos(nowNanos));
        }
        rates.tryAcquireShared(nowNanos).whenComplete((decision, error) -> {
            try {
                loop.execute(() -> rateDecided(decision, error));
            } catch (RejectedExecutionException closed) {
                // the proxy closed: its connections, this request's among them, are closed already
            }
        });
    }

    private void rateDecided(RateDecision decision, Throwable error) {
        if (phase != Phase.RATING) { // the client left or the deadline passed: the token stays spent
            return;
        }
        if (error != null) { // the bucket answers degraded rather than fail, so this is a bug, not Redis
            client.metrics().rejected(pool.name(), "rate_failed");
            respondError(HttpResponseStatus.SERVICE_UNAVAILABLE, -1L, "rate_failed");
            return;
        }
        if (!decision.admitted()) {
            client.metrics().rejected(pool.name(), "rate_limited");
            respondError(HttpResponseStatus.TOO_MANY_REQUESTS,
                    Pool.retryAfterSeconds(Math.max(1L, decision.retryAfterNanos())), "rate_limited");
            return;
        }
        client.disarmResponseTimer(this);
        phase = Phase.NEW;
        client.continueIfExpected(request);
        pool.submit(this);
    }

    /** Called by the pool (any thread) when a queued request got a permit. */
    void startLater(Assignment granted, long nowNanos) {
        long waited = nowNanos - enqueuedNanos;
        loop.execute(() -> start(granted, waited));
    }

    /** Called by the queue's shed listener (any thread): the request waited too long. */
    void rejectLater(RejectReason reason) {
        loop.execute(() -> reject(reason));
    }

    /** Sends the request to the assigned backend, on a pooled connection or a new one. */
    void start(Assignment granted, long waitedNanos) {
        cancelTimer();
        queueWaitNanos = waitedNanos;
        client.metrics().queueWait(pool, waitedNanos);
        if (phase == Phase.DONE) { // the client left while the permit was on its way
            pool.complete(granted, Outcome.IGNORED);
            return;
        }
        if (hedger != null) {
            phase = Phase.HEDGING;
            releasePending(); // a hedged request has no body: only its empty end, which each attempt sends
            requestEnded = true;
            hedged = new HedgedForward(this, loop, pool, outgoingHead());
            hedged.start(granted, hedger);
            client.readIfWanted();
            return;
        }
        forward(granted, true);
    }

    /** Sends the request on {@code granted}'s backend: a pooled connection if allowed and idle, else a new one. */
    private void forward(Assignment granted, boolean pooledAllowed) {
        assignment = granted;
        phase = Phase.CONNECTING;
        Channel pooled = pooledAllowed ? granted.backend().pooled(loop) : null;
        reusedConnection = pooled != null;
        if (pooled != null) {
            attach(pooled);
            return;
        }
        granted.backend().connect(loop).addListener((ChannelFuture connected) -> {
            if (connected.isSuccess()) {
                granted.backend().onConnected();
                if (phase == Phase.DONE || assignment != granted) {
                    connected.channel().close();
                } else {
                    attach(connected.channel());
                }
            } else if (assignment == granted && phase == Phase.CONNECTING) {
                connectFailed(connected.cause());
            }
        });
    }

    private void connectFailed(Throwable cause) {
        Backend failed = assignment.backend();
        if (cause instanceof ConnectException) {
            failed.onRefused(pool.clock().nanoTime());
        }
        pool.complete(assignment, Outcome.IGNORED);
        assignment = null;
        Assignment other = pool.retryBudgetAllows() ? pool.tryAssignOther(failed) : null;
        if (other != null) {
            client.metrics().retried(pool);
            forward(other, true);
            return;
        }
        respondError(HttpResponseStatus.BAD_GATEWAY, "upstream_connect_failed");
    }

    private void attach(Channel channel) {
        upstream = channel;
        UpstreamHandler.of(channel).bind(this);
        phase = Phase.FORWARDING;
        HttpRequest outgoing = outgoingHead();
        long nowNanos = pool.clock().nanoTime();
        long remaining = remainingNanos(nowNanos);
        sentNanos = nowNanos;
        // Void promises: nothing listens, and a failed write closes the connection (onUpstreamLost).
        channel.write(outgoing, channel.voidPromise());
        if (pending != null) {
            for (HttpContent content : pending) {
                channel.write(content, channel.voidPromise());
            }
            pending = null;
        }
        channel.flush();
        client.armResponseTimer(this, Math.min(pool.config().responseTimeout().toNanos(), remaining));
        channel.read();
        client.readIfWanted();
    }

    /**
     * Returns the request head as it leaves for a backend: hop-by-hop out, forwarding and the budget
     * left in. The client's head becomes the outgoing one on the first send; a second send (a pooled
     * connection lost before the request reached it) only renews the budget.
     */
    private HttpRequest outgoingHead() {
        if (!headPrepared) {
            Headers.prepareOutgoing(request, requestHasBody, client.peer());
            headPrepared = true;
        }
        Headers.setBudget(request.headers(), remainingNanos(pool.clock().nanoTime()));
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
        assignment = winner;
        upstream = channel;
        UpstreamHandler.of(channel).bind(this);
        phase = Phase.FORWARDING;
        sentNanos = winnerSentNanos;
        onResponseHead(head);
        for (HttpContent content : early) {
            onResponseContent(content);
        }
        early.clear();
        if (upstream != null && wantsResponseBytes()) {
            upstream.read();
        }
    }

    /** Every hedged attempt failed, or the hedge timed out. */
    void hedgeFailed(Throwable error) {
        if (phase != Phase.HEDGING) {
            return;
        }
        hedged = null;
        if (error instanceof HedgeTimeoutException) {
            respondError(HttpResponseStatus.GATEWAY_TIMEOUT, "upstream_timeout");
        } else {
            respondError(HttpResponseStatus.BAD_GATEWAY, "upstream_failed");
        }
    }

    /** True while the client's body should be read: a backend takes it and can absorb more. */
    boolean wantsBody() {
        return !requestEnded && phase.compareTo(Phase.FORWARDING) >= 0 && phase != Phase.DONE
                && upstream != null && upstream.isWritable();
    }

    /** A piece of the request body from the client. */
    void onRequestContent(HttpContent content) {
        if (content instanceof LastHttpContent) {
            requestEnded = true;
        }
        if (phase == Phase.DONE || phase == Phase.HEDGING) {
            ReferenceCountUtil.release(content);
        } else if (upstream != null && phase.compareTo(Phase.FORWARDING) >= 0) {
            upstream.writeAndFlush(content, upstream.voidPromise());
        } else {
            if (pending == null) {
                pending = new ArrayList<>(2);
            }
            pending.add(content);
        }
    }

    /** The client connection's timer: the response head (or, waiting for Redis, the deadline) passed. */
    void responseTimedOut() {
        if (phase == Phase.RATING) {
            reject(RejectReason.DEADLINE_EXCEEDED);
        } else if (phase == Phase.FORWARDING) {
            closeUpstream(Outcome.DROPPED);
            respondError(HttpResponseStatus.GATEWAY_TIMEOUT, "upstream_timeout");
        }
    }

    /** The response head from the backend. */
    @Override
    public void onResponseHead(HttpResponse response) {
        if (phase != Phase.FORWARDING) {
            return;
        }
        cancelTimer();
        phase = Phase.RESPONDING;
        status = response.status().code();
        boolean bodyless = request.method().equals(HttpMethod.HEAD) || status == 204 || status == 304
                || (status >= 100 && status < 200);
        Hop.strip(response.headers(), !bodyless);
        response.headers().add(HttpHeaderNames.VIA, Headers.via(response.protocolVersion()));
        // A proxy answers in its own version (RFC 9110 §6.2): the body framing Hop.strip chose
        // (chunked when there is no length) is HTTP/1.1's, whatever the backend spoke.
        response.setProtocolVersion(HttpVersion.HTTP_1_1);
        client.writeResponsePart(response, false);
    }

    /** A piece of the response body from the backend; the last one ends the exchange. */
    @Override
    public void onResponseContent(HttpContent content) {
        if (phase != Phase.RESPONDING) {
            ReferenceCountUtil.release(content);
            return;
        }
        if (!(content instanceof LastHttpContent)) {
            client.writeResponsePart(content, false);
            return;
        }
        // The backend is done: free its permit before the client sees the end, so a client that
        // sends its next request at once finds the permit free.
        Channel channel = upstream;
        boolean reusable = requestEnded && UpstreamHandler.of(channel).responseKeepAlive();
        upstream = null;
        UpstreamHandler.of(channel).unbind();
        if (reusable) {
            assignment.backend().release(channel);
        } else {
            channel.close();
        }
        pool.complete(assignment, Outcome.SUCCESS);
        phase = Phase.DONE;
        client.exchangeEnded(this, status, "", queueWaitNanos, upstreamNanos(), false, content);
    }

    /** The backend can take more of the request body. */
    @Override
    public void upstreamWritable() {
        client.readIfWanted();
    }

    /** True while the backend's bytes should be read: the head is awaited or the client has room. */
    @Override
    public boolean wantsResponseBytes() {
        return phase == Phase.FORWARDING || (phase == Phase.RESPONDING && client.writable());
    }

    /** The client can take more of the response. */
    void clientWritable() {
        if (phase == Phase.RESPONDING && upstream != null) {
            upstream.read();
        }
    }

    /** The backend connection closed or failed before the response ended. */
    @Override
    public void onUpstreamLost() {
        if (phase == Phase.FORWARDING && reusedConnection && !requestHasBody && idempotent()) {
            // A pooled connection the backend closed while idle, before our request reached it (the
            // close crossed our write): the same permit goes on a new connection, once.
            cancelTimer();
            upstream = null;
            forward(assignment, false);
            return;
        }
        if (phase == Phase.FORWARDING) {
            upstream = null;
            pool.complete(assignment, Outcome.IGNORED);
            respondError(HttpResponseStatus.BAD_GATEWAY, "upstream_closed");
        } else if (phase == Phase.RESPONDING) {
            upstream = null;
            pool.complete(assignment, Outcome.IGNORED);
            status = 502;
            phase = Phase.DONE;
            client.exchangeEnded(this, status, "upstream_closed_mid_response", queueWaitNanos, upstreamNanos(), true,
                    null);
        }
    }

    /** The client's connection closed: never keep working for it. */
    void clientGone() {
        switch (phase) {
            case NEW, DONE -> {
                return;
            }
            case RATING -> client.metrics().clientGone(pool, "rate");
            case QUEUED -> {
                if (pool.withdraw(this)) {
                    client.metrics().clientGone(pool, "queued");
                }
            }
            case CONNECTING -> {
                pool.complete(assignment, Outcome.IGNORED);
                client.metrics().clientGone(pool, "connecting");
            }
            case HEDGING -> {
                hedged.cancel();
                client.metrics().clientGone(pool, "in_flight");
            }
            case FORWARDING, RESPONDING -> {
                closeUpstream(Outcome.IGNORED);
                client.metrics().clientGone(pool, "in_flight");
            }
        }
        cancelTimer();
        status = 499;
        phase = Phase.DONE;
        releasePending();
        client.exchangeEnded(this, status, "client_gone", queueWaitNanos, upstreamNanos(), true, null);
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
        status = HttpResponseStatus.SERVICE_UNAVAILABLE.code();
        cancelTimer();
        phase = Phase.DONE;
        releasePending();
        client.respondError(this, HttpResponseStatus.SERVICE_UNAVAILABLE, retryAfter,
                ProxyMetrics.reasonName(reason), queueWaitNanos);
    }

    private void respondError(HttpResponseStatus errorStatus, String why) {
        respondError(errorStatus, -1L, why);
    }

    private void respondError(HttpResponseStatus errorStatus, long retryAfterSeconds, String why) {
        cancelTimer();
        status = errorStatus.code();
        phase = Phase.DONE;
        releasePending();
        client.respondError(this, errorStatus, retryAfterSeconds, why, queueWaitNanos);
    }

    /** Abandons the exchange for a client-side error (body too large, malformed chunk). */
    void abort() {
        if (phase == Phase.HEDGING) {
            hedged.cancel();
        } else if (assignment != null && phase != Phase.DONE) {
            if (upstream != null) {
                closeUpstream(Outcome.IGNORED);
            } else {
                pool.complete(assignment, Outcome.IGNORED);
            }
        } else if (phase == Phase.QUEUED) {
            pool.withdraw(this);
        }
        cancelTimer();
        phase = Phase.DONE;
        releasePending();
    }

    private void closeUpstream(Outcome result) {
        Channel channel = upstream;
        upstream = null;
        if (channel != null) {
            UpstreamHandler.of(channel).unbind();
            channel.close();
        }
        pool.complete(assignment, result);
    }

    private long upstreamNanos() {
        return sentNanos == 0L ? -1L : pool.clock().nanoTime() - sentNanos;
    }

    long startNanos() {
        return startNanos;
    }

    Pool pool() {
        return pool;
    }

    private void cancelTimer() {
        if (queueTimer != null) {
            queueTimer.cancel(false);
            queueTimer = null;
        }
        client.disarmResponseTimer(this);
    }

    private void releasePending() {
        if (pending != null) {
            for (HttpContent content : pending) {
                ReferenceCountUtil.release(content);
            }
            pending = null;
        }
    }
}
