package io.tailguard.proxy;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.net.ConnectException;
import java.util.List;

/**
 * Not thread-safe (confined to its exchange's event loop): an exchange's trip to one backend: the
 * connection (an idle pooled one, else a new one), the request going out and the response coming
 * back to the client. It holds the exchange's permit from {@link #send} (or {@link #adopt}) until the
 * response ends or it is {@link #close closed}, and completes it exactly once.
 *
 * <p>Two failures are retried, each once: a refused connection goes to another backend of the pool
 * within its retry budget, and a pooled connection the backend closed while idle, before our
 * request reached it and before one byte of an answer came, is replaced by a new one. A malformed
 * answer is {@code 502 upstream_malformed}, never retried.
 */
final class Forward implements UpstreamLeg {

    private enum State { CONNECTING, SENT, RESPONDING, ENDED }

    private final Exchange exchange;
    private final ClientHandler client;
    private final EventLoop loop;
    private final Pool pool;
    private final PendingBody pending;
    private State state = State.CONNECTING;
    private Assignment assignment;
    private Channel channel;
    /** The handler of {@link #channel}, kept so a response does not search the pipeline for it. */
    private UpstreamHandler handler;
    /** The connection came from the pool (so the backend may have closed it while it was idle). */
    private boolean reusedConnection;
    private boolean requestEnded;
    private long sentNanos;
    private int status;
    /**
     * The response head, held until its body's first piece or its end comes: a response read whole
     * (the usual small one) leaves in one message, so one buffer and one write.
     */
    private HttpResponse heldHead;

    Forward(Exchange exchange, ClientHandler client, EventLoop loop, Pool pool, PendingBody pending) {
        this.exchange = exchange;
        this.client = client;
        this.loop = loop;
        this.pool = pool;
        this.pending = pending;
    }

    /** Sends the request on {@code granted}'s backend: a pooled connection if allowed and idle, else a new one. */
    void send(Assignment granted, boolean pooledAllowed) {
        assignment = granted;
        state = State.CONNECTING;
        Channel pooled = pooledAllowed ? granted.backend().pooled(loop) : null;
        reusedConnection = pooled != null;
        if (pooled != null) {
            attach(pooled);
            return;
        }
        granted.backend().connect(loop).addListener((ChannelFuture connected) -> {
            if (connected.isSuccess()) {
                granted.backend().onConnected();
                if (state == State.ENDED || assignment != granted) {
                    connected.channel().close();
                } else {
                    attach(connected.channel());
                }
            } else if (assignment == granted && state == State.CONNECTING) {
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
            send(other, true);
            return;
        }
        state = State.ENDED;
        exchange.failed(HttpResponseStatus.BAD_GATEWAY, "upstream_connect_failed");
    }

    private void attach(Channel connection) {
        bind(connection);
        state = State.SENT;
        long nowNanos = pool.clock().nanoTime();
        sentNanos = nowNanos;
        HttpRequest head = exchange.outgoingHead(nowNanos);
        // Void promises: nothing listens, and a failed write closes the connection (onUpstreamLost).
        if (exchange.requestHasBody()) {
            connection.write(head, connection.voidPromise());
            requestEnded = pending.writeTo(connection);
        } else {
            // A bodyless request leaves whole, head and end in one message (one buffer, one write);
            // the client's own empty end is dropped when it arrives (Exchange.onRequestContent).
            requestEnded = true;
            connection.write(new DefaultFullHttpRequest(head.protocolVersion(), head.method(), head.uri(),
                    Unpooled.EMPTY_BUFFER, head.headers(), EmptyHttpHeaders.INSTANCE), connection.voidPromise());
        }
        connection.flush();
        client.armExchangeTimer(exchange, Math.min(pool.config().responseTimeout().toNanos(),
                exchange.remainingNanos(nowNanos)));
        connection.read();
        client.readIfWanted();
    }

    private void bind(Channel connection) {
        channel = connection;
        handler = UpstreamHandler.of(connection);
        handler.bind(this);
    }

    /** The hedged call's winner: its connection, whose response head has come, becomes this forward's. */
    void adopt(Assignment winner, Channel connection, HttpResponse head, List<HttpContent> early,
               long winnerSentNanos) {
        assignment = winner;
        requestEnded = true; // a hedged request has no body
        bind(connection);
        state = State.SENT;
        sentNanos = winnerSentNanos;
        onResponseHead(head);
        for (HttpContent content : early) {
            onResponseContent(content);
        }
        early.clear();
        if (channel != null && wantsResponseBytes()) {
            channel.read();
        }
    }

    /** True while the client's body should be read: the backend has the head and can absorb more. */
    boolean wantsBody() {
        return !requestEnded && (state == State.SENT || state == State.RESPONDING) && channel != null
                && channel.isWritable();
    }

    /** A piece of the request body: sent if the backend has the head, else kept until it does. */
    void onRequestContent(HttpContent content) {
        if (content instanceof LastHttpContent) {
            requestEnded = true;
        }
        if (channel != null && (state == State.SENT || state == State.RESPONDING)) {
            channel.writeAndFlush(content, channel.voidPromise());
        } else {
            pending.add(content);
        }
    }

    /** True until the connection is made (a client leaving now is counted at the connecting stage). */
    boolean connecting() {
        return state == State.CONNECTING;
    }

    /** The response head did not come in time: the connection is closed and the client gets 504. */
    void responseTimedOut() {
        if (state == State.SENT) {
            close(Outcome.DROPPED);
            exchange.failed(HttpResponseStatus.GATEWAY_TIMEOUT, "upstream_timeout");
        }
    }

    @Override
    public void onResponseHead(HttpResponse response) {
        if (state != State.SENT) {
            return;
        }
        client.disarmExchangeTimer(exchange);
        state = State.RESPONDING;
        status = response.status().code();
        Headers.prepareResponse(exchange.request(), response);
        heldHead = response;
    }

    /** Writes the held response head (its body goes on in pieces, or the response is cut short). */
    private void writeHeldHead() {
        if (heldHead != null) {
            client.writeResponsePart(exchange, heldHead, false);
            heldHead = null;
        }
    }

    /** A piece of the response body from the backend; the last one ends the exchange. */
    @Override
    public void onResponseContent(HttpContent content) {
        if (state != State.RESPONDING) {
            ReferenceCountUtil.release(content);
            return;
        }
        if (!(content instanceof LastHttpContent last)) {
            writeHeldHead();
            client.writeResponsePart(exchange, content, false);
            return;
        }
        HttpObject lastPart = last;
        if (heldHead != null) { // the whole response came in one read: it leaves in one message
            lastPart = new DefaultFullHttpResponse(heldHead.protocolVersion(), heldHead.status(), last.content(),
                    heldHead.headers(), last.trailingHeaders());
            heldHead = null;
        }
        // The backend is done: free its permit before the client sees the end, so a client that
        // sends its next request at once finds the permit free.
        UpstreamHandler ended = handler;
        channel = null;
        ended.finish(requestEnded);
        pool.complete(assignment, Outcome.SUCCESS);
        state = State.ENDED;
        exchange.responded(status, upstreamNanos(), lastPart);
    }

    @Override
    public void upstreamWritable() {
        client.readIfWanted();
    }

    /** True while the backend's bytes should be read: the head is awaited or the client has room. */
    @Override
    public boolean wantsResponseBytes() {
        return state == State.SENT || (state == State.RESPONDING && client.writable());
    }

    /** The client can take more of the response. */
    void clientWritable() {
        if (state == State.RESPONDING && channel != null) {
            channel.read();
        }
    }

    @Override
    public void onInterimResponse(HttpResponse interim) {
        if (state == State.SENT) {
            client.writeInterim(exchange, interim); // the response timeout still runs for the final head
        }
    }

    @Override
    public void onMalformedResponse() {
        channel = null;
        client.metrics().upstreamError(pool, "upstream_malformed");
        if (state == State.SENT) {
            pool.complete(assignment, Outcome.IGNORED);
            state = State.ENDED;
            exchange.failed(HttpResponseStatus.BAD_GATEWAY, "upstream_malformed");
        } else if (state == State.RESPONDING) {
            writeHeldHead();
            pool.complete(assignment, Outcome.IGNORED);
            state = State.ENDED;
            exchange.lostMidResponse(upstreamNanos(), "upstream_malformed");
        }
    }

    @Override
    public void onUpstreamLost() {
        if (state == State.SENT && reusedConnection && exchange.replayable() && !handler.answered()) {
            // A pooled connection the backend closed while idle, before our request reached it (the
            // close crossed our write, and not one byte of an answer came): the same permit goes on a
            // new connection, once. A request that got any answer is never sent again.
            client.disarmExchangeTimer(exchange);
            channel = null;
            send(assignment, false);
            return;
        }
        if (state == State.SENT) {
            channel = null;
            pool.complete(assignment, Outcome.IGNORED);
            state = State.ENDED;
            exchange.failed(HttpResponseStatus.BAD_GATEWAY, "upstream_closed");
        } else if (state == State.RESPONDING) {
            writeHeldHead(); // as much of the response as came: the client's connection closes after it
            channel = null;
            pool.complete(assignment, Outcome.IGNORED);
            state = State.ENDED;
            exchange.lostMidResponse(upstreamNanos(), "upstream_closed_mid_response");
        }
    }

    /**
     * The client left mid-exchange. A request that reached a backend goes to a {@link Departure},
     * which holds the permit until the backend is done (hold-permit-on-departure); without the setting,
     * or before the request reached a backend, the connection closes and the permit is freed at once.
     */
    void clientLeft() {
        if (state == State.ENDED) {
            return;
        }
        if (state == State.CONNECTING || channel == null || !Departure.hold(pool, assignment, channel, sentNanos)) {
            close(Outcome.IGNORED);
            return;
        }
        state = State.ENDED;
        heldHead = null;
        channel = null;
    }

    /**
     * Gives the trip up (the client left, or its request was bad): the connection, if any, is closed
     * and the permit completed with {@code outcome}. A connection still being made is closed when it
     * comes.
     */
    void close(Outcome outcome) {
        if (state == State.ENDED) {
            return;
        }
        state = State.ENDED;
        heldHead = null;
        Channel connection = channel;
        channel = null;
        if (connection != null) {
            handler.unbind();
            connection.close();
        }
        pool.complete(assignment, outcome);
    }

    /** Nanoseconds since the request went out, or -1 if it never did. */
    long upstreamNanos() {
        return sentNanos == 0L ? -1L : pool.clock().nanoTime() - sentNanos;
    }
}
