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
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.tailguard.path.Completion;
import io.tailguard.proxy.client.ClientHandler;
import io.tailguard.proxy.upstream.Backend;
import io.tailguard.proxy.upstream.Departure;
import io.tailguard.proxy.upstream.UpstreamHandler;
import io.tailguard.proxy.upstream.UpstreamLeg;

/**
 * Not thread-safe (confined to its exchange's event loop): one attempt of an exchange at one
 * backend, as its pool's decision path asked: the connection (an idle pooled one, else a new one),
 * the request going out and, if its head wins, the response coming back to the client. It tells
 * the exchange what happened (connected, refused, head, ended) and the path decides the rest.
 *
 * <p>One failure is retried here, once, because it is the connection's and not the backend's: a
 * pooled connection the backend closed while idle, before our request reached it and before one
 * byte of an answer came, is replaced by a new one. A malformed answer is never retried.
 */
final class Forward implements UpstreamLeg {

    private enum State { CONNECTING, SENT, RESPONDING, ENDED }

    private final Exchange exchange;
    private final ClientHandler client;
    private final EventLoop loop;
    private final Backend backend;
    private final int attempt;
    private final PendingBody pending;
    private State state = State.CONNECTING;
    /** Cancelled while its connection was being made: closed when it comes. */
    private boolean cancelled;
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

    Forward(Exchange exchange, ClientHandler client, EventLoop loop, Backend backend, int attempt,
            PendingBody pending) {
        this.exchange = exchange;
        this.client = client;
        this.loop = loop;
        this.backend = backend;
        this.attempt = attempt;
        this.pending = pending;
    }

    /** Sends the request to the backend: on a pooled connection if allowed and idle, else a new one. */
    void send(boolean pooledAllowed) {
        state = State.CONNECTING;
        Channel pooled = pooledAllowed ? backend.pooled(loop) : null;
        reusedConnection = pooled != null;
        if (pooled != null) {
            attach(pooled);
            return;
        }
        backend.connect(loop).addListener((ChannelFuture connected) -> {
            if (connected.isSuccess()) {
                exchange.attemptConnected(attempt);
                if (state != State.CONNECTING || cancelled) {
                    connected.channel().close();
                    state = State.ENDED;
                    exchange.attemptEnded(attempt, Completion.IGNORED);
                } else {
                    attach(connected.channel());
                }
            } else if (state == State.CONNECTING) {
                state = State.ENDED;
                exchange.attemptRefused(attempt);
            }
        });
    }

    private void attach(Channel connection) {
        bind(connection);
        state = State.SENT;
        long nowNanos = nowNanos();
        sentNanos = nowNanos;
        HttpRequest head = exchange.outgoingHead(nowNanos);
        // Void promises: nothing listens, and a failed write closes the connection (onUpstreamLost).
        if (exchange.requestHasBody) {
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
        connection.read();
        client.readIfWanted();
    }

    private void bind(Channel connection) {
        channel = connection;
        handler = UpstreamHandler.of(connection);
        handler.bind(this);
    }

    /** True until the attempt ends. */
    boolean live() {
        return state != State.ENDED;
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
        } else if (state == State.ENDED) {
            ReferenceCountUtil.release(content);
        } else {
            pending.add(content);
        }
    }

    /** True until the connection is made (a client leaving now is counted at the connecting stage). */
    boolean connecting() {
        return state == State.CONNECTING;
    }

    @Override
    public void onResponseHead(HttpResponse response) {
        if (state != State.SENT) {
            return;
        }
        if (!exchange.headArrived(this, attempt)) {
            // Another attempt won, the response timed out or the client left: this answer goes nowhere.
            close();
            return;
        }
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
        UpstreamHandler finished = handler;
        channel = null;
        finished.finish(requestEnded);
        state = State.ENDED;
        long upstreamNanos = upstreamNanos();
        exchange.attemptEnded(attempt, Completion.SUCCESS);
        exchange.responded(status, upstreamNanos, lastPart);
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
        if (state == State.SENT && exchange.relaysInterim()) {
            client.writeInterim(exchange, interim); // the response timeout still runs for the final head
        }
    }

    @Override
    public void onMalformedResponse() {
        channel = null;
        client.metrics().upstreamError(exchange.pool(), "upstream_malformed");
        if (state == State.SENT) {
            state = State.ENDED;
            exchange.attemptMalformed(attempt);
        } else if (state == State.RESPONDING) {
            writeHeldHead();
            state = State.ENDED;
            long upstreamNanos = upstreamNanos();
            exchange.attemptEnded(attempt, Completion.IGNORED);
            exchange.lostMidResponse(upstreamNanos, "upstream_malformed");
        }
    }

    @Override
    public void onUpstreamLost() {
        if (state == State.SENT && reusedConnection && exchange.replayable() && !handler.answered()) {
            // A pooled connection the backend closed while idle, before our request reached it (the
            // close crossed our write, and not one byte of an answer came): the same attempt goes on
            // a new connection, once. A request that got any answer is never sent again.
            channel = null;
            send(false);
            return;
        }
        if (state == State.SENT) {
            channel = null;
            state = State.ENDED;
            exchange.attemptEnded(attempt, Completion.IGNORED);
        } else if (state == State.RESPONDING) {
            writeHeldHead(); // as much of the response as came: the client's connection closes after it
            channel = null;
            state = State.ENDED;
            long upstreamNanos = upstreamNanos();
            exchange.attemptEnded(attempt, Completion.IGNORED);
            exchange.lostMidResponse(upstreamNanos, "upstream_closed_mid_response");
        }
    }

    /**
     * Nobody needs this attempt any more. With {@code hold} (its client left and the path keeps the
     * permit) a request that reached its backend goes to a {@link Departure}, which reports the end
     * once the backend is done; otherwise the connection closes and the attempt ends now. A connection
     * still being made is closed when it comes.
     */
    void cancel(boolean hold) {
        if (state == State.ENDED) {
            return;
        }
        if (state == State.CONNECTING) {
            cancelled = true;
            return;
        }
        Channel connection = channel;
        if (hold && connection != null && Departure.hold(connection, responseTimeLeftNanos(),
                () -> exchange.attemptEnded(attempt, Completion.IGNORED))) {
            state = State.ENDED;
            heldHead = null;
            channel = null;
            return;
        }
        close();
    }

    /** Closes the connection, if any, and ends the attempt. */
    private void close() {
        state = State.ENDED;
        heldHead = null;
        Channel connection = channel;
        channel = null;
        if (connection != null) {
            handler.unbind();
            connection.close();
        }
        exchange.attemptEnded(attempt, Completion.IGNORED);
    }

    /** What is left of the pool's response timeout since the request went out. */
    private long responseTimeLeftNanos() {
        return Math.max(0L, exchange.pool().config().responseTimeout().toNanos() - (nowNanos() - sentNanos));
    }

    private long nowNanos() {
        return exchange.pool().clock().nanoTime();
    }

    /** Nanoseconds since the request went out, or -1 if it never did. */
    long upstreamNanos() {
        return sentNanos == 0L ? -1L : nowNanos() - sentNanos;
    }
}
