package io.tailguard.proxy.client;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.socket.DuplexChannel;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.tailguard.path.PathRoute;
import io.tailguard.proxy.Exchange;
import io.tailguard.proxy.ProxyContext;
import io.tailguard.proxy.Route;
import io.tailguard.proxy.config.ClientLimits;
import io.tailguard.proxy.ops.ProxyMetrics;
import io.tailguard.time.NanoClock;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Not thread-safe (confined to its connection's event loop): one client connection. It reads with
 * auto-read off, one request at a time: while a request waits for a backend nothing more is read,
 * so a queued request costs one small object and its socket buffer, and the body is read only as
 * fast as the backend takes it. It answers hostile or malformed input itself and closes.
 */
public final class ClientHandler extends ChannelInboundHandlerAdapter {

    /** TCP_ESTABLISHED in Linux's tcp_states.h: any other state of a client's socket means it sent its FIN or reset. */
    private static final int TCP_ESTABLISHED = 1;

    private final ProxyContext context;
    private ChannelHandlerContext ctx;
    private Peer peer;
    private Exchange exchange;
    private boolean responseStarted;
    /** The proxy answered the current request's {@code Expect: 100-continue} itself. */
    private boolean continueSent;
    private boolean closeAfterResponse;
    private boolean closing;
    private long bodyBytes;
    /** The connection's one timer; {@link #deadline} says what its armed deadline means. */
    private DeadlineTimer timer;
    private Deadline deadline = Deadline.NONE;
    /** Messages read while an exchange was still answering (pipelining, or bytes before a close). */
    private final ArrayDeque<Object> deferred = new ArrayDeque<>();

    /** What the connection's armed deadline guards; LINGER: the drain of a politely closed connection. */
    private enum Deadline { NONE, HEAD, IDLE, LINGER }

    /** {@link #idleSinceNanos} of a connection that is not idle. */
    public static final long NOT_IDLE = Long.MIN_VALUE;
    /** How long a connection closed after an error answer reads and drops what the client still sends. */
    private static final long LINGER_NANOS = 2_000_000_000L;

    /** When the connection last went idle (no request, no partial head), or {@link #NOT_IDLE}. */
    private volatile long idleSinceNanos = NOT_IDLE;
    /** When the current idle spell began (this connection's loop only). */
    private long idleStartNanos;
    private final AtomicBoolean evicted = new AtomicBoolean();
    private BodyWatch body;
    /** The route a request whose body is being read before admission goes to once it is ({@code buffer-body-bytes}). */
    private Route afterBody;
    /** The current request's route (null until known), its first byte's time, and its limited client key. */
    private Route route;
    private long firstByteNanos = NOT_IDLE;
    private String limitedKey;

    /** Creates the handler of one client connection of the proxy {@code context} describes. */
    public ClientHandler(ProxyContext context) {
        this.context = context;
    }

    /** The connection's event loop, which its exchanges and their backend connections share. */
    public EventLoop loop() {
        return ctx.channel().eventLoop();
    }

    /** The proxy's meters. */
    public ProxyMetrics metrics() {
        return context.metrics();
    }

    @Override
    public void channelActive(ChannelHandlerContext context) {
        this.ctx = context;
        ClientLimits limits = this.context.limits();
        timer = new DeadlineTimer(context.channel().eventLoop(), NanoClock.system(),
                Math.min(limits.headerTimeout().toNanos(), limits.idleTimeout().toNanos()), this::deadlinePassed);
        body = new BodyWatch(context.channel().eventLoop(), NanoClock.system(), limits,
                () -> exchange != null && !requestEnded && exchange.wantsBody(), this::bodyLate);
        armIdleTimer();
        context.read();
    }

    /** Called by {@link FirstBytes} when request bytes arrive while no request is in progress. */
    void onBytes() {
        idleSinceNanos = NOT_IDLE;
        if (exchange == null && deadline != Deadline.HEAD && !closing) {
            firstByteNanos = context.clock().nanoTime();
            arm(Deadline.HEAD, context.limits().headerTimeout().toNanos());
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object msg) {
        if (closing) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (exchange != null && !(msg instanceof HttpContent && !requestEnded)) {
            deferred.add(msg); // the next request: handled once this exchange ends
            return;
        }
        handle(msg);
    }

    /** The current request's last content arrived. */
    private boolean requestEnded;
    /** The current request has no body, so an answer before its (empty) end may keep the connection. */
    private boolean requestBodyless;

    private boolean unreadBody() {
        return !requestEnded && !requestBodyless;
    }

    private void handle(Object msg) {
        if (msg instanceof HttpRequest request) {
            disarm(Deadline.HEAD);
            onRequest(request);
        }
        if (msg instanceof HttpContent content) {
            onContent(content);
        } else if (!(msg instanceof HttpRequest)) {
            ReferenceCountUtil.release(msg);
        }
    }

    private void onRequest(HttpRequest request) {
        responseStarted = false;
        continueSent = false;
        requestEnded = false;
        bodyBytes = 0;
        long nowNanos = context.clock().nanoTime();
        route = null;
        firstByteNanos = firstByteNanos == NOT_IDLE ? nowNanos : firstByteNanos;
        if (!ContentLength.valid(request.headers())) {
            // Checked before anything reads the length: the decoder's own failure says less, and
            // Netty's getters throw on such a value.
            requestBodyless = true;
            local(request, HttpResponseStatus.BAD_REQUEST, "bad_content_length", -1L, true, nowNanos);
            return;
        }
        requestBodyless = hasNoBody(request);
        if (request.decoderResult().isFailure()) {
            local(request, LocalAnswers.forDecoderFailure(request.decoderResult().cause()), "bad_request", -1L, true,
                    nowNanos);
            return;
        }
        String refusal = RequestChecks.refusal(request, context);
        if (refusal != null) {
            local(request, LocalAnswers.forRefusal(refusal), refusal, -1L, true, nowNanos);
            return;
        }
        RequestChecks.toOriginForm(request);
        String host = RequestChecks.hostWithoutPort(request);
        Route route = this.route = context.route(host, RequestChecks.path(request.uri()));
        if (route == null) {
            local(request, HttpResponseStatus.NOT_FOUND, "no_route", -1L, !requestBodyless, nowNanos);
            return;
        }
        if (context.draining()) {
            context.metrics().rejected(route.pool().name(), "draining");
            local(request, HttpResponseStatus.SERVICE_UNAVAILABLE, "draining", 1L, true, nowNanos);
            return;
        }
        String key = route.path().keyed() ? clientKey(request, route) : null;
        long waitNanos = route.path().rateWaitNanos(key, nowNanos);
        if (waitNanos > 0) {
            limitedKey = key;
            context.metrics().rejected(route.pool().name(), "rate_limited");
            local(request, HttpResponseStatus.TOO_MANY_REQUESTS, "rate_limited",
                    PathRoute.retryAfterSeconds(waitNanos), !requestBodyless, nowNanos);
            return;
        }
        long headerBudgetNanos = Deadlines.budgetNanos(request.headers(), 0L);
        if (headerBudgetNanos == Deadlines.INVALID) {
            local(request, HttpResponseStatus.BAD_REQUEST, "bad_timeout_header", -1L, true, nowNanos);
            return;
        }
        closeAfterResponse = !HttpUtil.isKeepAlive(request);
        exchange = new Exchange(this, request, !requestBodyless, route, nowNanos,
                route.path().budgetNanos(headerBudgetNanos));
        if (!requestBodyless && readWholeFirst(request)) {
            // A small body (or a chunked body's first buffer-body-bytes) is read before the request
            // takes a permit or a queue place, so a slow uploader holds neither; channelReadComplete
            // asks for it.
            exchange.markBuffering();
            afterBody = route;
            continueIfExpected(request);
            return;
        }
        admit(exchange, route, nowNanos);
    }

    /**
     * True if the body is to be read before admission: a chunked one (up to {@code buffer-body-bytes}
     * of it, {@link #bufferFull}), or one whose declared length is within that.
     */
    private boolean readWholeFirst(HttpRequest request) {
        long limit = context.limits().bufferBodyBytes();
        return limit > 0 && (HttpUtil.isTransferEncodingChunked(request)
                || HttpUtil.getContentLength(request, Long.MAX_VALUE) <= limit);
    }

    /**
     * True once a body read before admission may wait no longer: it ended, or (chunked, its length
     * unknown) {@code buffer-body-bytes} of it arrived, and the rest streams once a backend takes it.
     */
    private boolean bufferFull(boolean last) {
        return last || bodyBytes >= context.limits().bufferBodyBytes();
    }

    private void admit(Exchange current, Route route, long nowNanos) {
        if (route.shared() != null) {
            // The route's bucket is in Redis: the path holds the request for its answer as a queued one.
            current.enterThroughSharedRate(nowNanos);
            return;
        }
        continueIfExpected(current.request());
        current.enter(nowNanos);
    }

    /**
     * Answers {@code 100 Continue} if the client waits for it; called once the request is admitted, or
     * when its small body is to be read before admission.
     */
    public void continueIfExpected(HttpRequest request) {
        if (HttpUtil.is100ContinueExpected(request)) {
            // We read the body only when it is wanted (a backend takes it, or it is read whole before
            // admission), so tell the client to send it now.
            continueSent = true;
            request.headers().remove(HttpHeaderNames.EXPECT);
            ctx.writeAndFlush(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE),
                    ctx.voidPromise());
        }
    }

    /** The one answer to "has a body": no chunked framing and no (or a zero) Content-Length. */
    private static boolean hasNoBody(HttpRequest request) {
        return !HttpUtil.isTransferEncodingChunked(request) && HttpUtil.getContentLength(request, 0L) == 0L;
    }

    private String clientKey(HttpRequest request, Route route) {
        String header = route.config().clientRate().keyHeader();
        if (header != null) {
            String value = request.headers().get(header);
            return value == null ? "" : value;
        }
        return peer().ip();
    }

    private void onContent(HttpContent content) {
        if (closing) {
            // The head was answered and the connection is closing (a refused head arrives as one full
            // message): its content must not close the connection before that answer is read.
            ReferenceCountUtil.release(content);
            return;
        }
        boolean last = content instanceof LastHttpContent;
        if (content.decoderResult().isFailure()) {
            ReferenceCountUtil.release(content);
            failRequestBody(HttpResponseStatus.BAD_REQUEST, "bad_request_body");
            return;
        }
        int bytes = content.content().readableBytes();
        bodyBytes += bytes;
        body.progress(bytes);
        if (bodyBytes > context.limits().maxBodyBytes()) {
            ReferenceCountUtil.release(content);
            failRequestBody(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE, "body_too_large");
            return;
        }
        if (last) {
            requestEnded = true;
            body.stop();
        }
        if (exchange != null) {
            Exchange current = exchange;
            current.onRequestContent(content);
            if (current.buffering() && bufferFull(last)) {
                current.bodyBuffered();
                admit(current, afterBody, context.clock().nanoTime());
            }
        } else {
            ReferenceCountUtil.release(content); // the body of a request already answered locally
        }
    }

    /** The body missed its pace ({@link BodyWatch}): 408, and the exchange's backend connection and permit go. */
    private void bodyLate() {
        Exchange current = exchange;
        context.metrics().rejected(current == null ? "-" : current.pool().name(), "body_timeout");
        failRequestBody(HttpResponseStatus.REQUEST_TIMEOUT, "body_timeout");
    }

    private void failRequestBody(HttpResponseStatus status, String reason) {
        requestEnded = true;
        closeAfterResponse = true; // the rest of the body is still coming: the answer says close, then drains it
        body.stop();
        Exchange current = exchange;
        if (current == null) {
            closeNow();
            return;
        }
        current.abort();
        if (responseStarted) {
            exchangeEnded(current, status.code(), reason, 0L, -1L, true, null);
        } else {
            respondError(current, status, -1L, reason, 0L);
        }
    }

    /** Reads more from the client if that is what the current state calls for. */
    public void readIfWanted() {
        if (!ctx.channel().isActive()) {
            return;
        }
        if (closing) {
            if (deadline == Deadline.LINGER) {
                ctx.read(); // drop what the client still sends, so it reads our answer instead of a reset
            }
            return;
        }
        if (exchange == null) {
            ctx.read();
        } else if (!requestEnded && exchange.wantsBody()) {
            body.start();
            ctx.read();
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext context) {
        readIfWanted();
    }

    /** True while the client connection can take more of a response without buffering it. */
    public boolean writable() {
        return ctx.channel().isWritable();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext context) {
        if (context.channel().isWritable() && exchange != null) {
            exchange.clientWritable();
        }
    }

    /**
     * Writes one part of the backend's response to {@code current}'s request; the head gets the
     * client-side keep-alive header.
     */
    public void writeResponsePart(Exchange current, HttpObject part, boolean last) {
        if (part instanceof HttpResponse response) {
            responseStarted = true;
            boolean http10 = current.request().protocolVersion().equals(HttpVersion.HTTP_1_0);
            if (http10 && HttpUtil.isTransferEncodingChunked(response)) {
                // An HTTP/1.0 client cannot read chunks: the body ends with the connection instead.
                response.headers().remove(HttpHeaderNames.TRANSFER_ENCODING);
                closeAfterResponse = true;
            }
            if (closeAfterResponse || unreadBody() || context.draining()) {
                closeAfterResponse = true;
                response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            } else if (http10) {
                response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
            }
        }
        // No listener needs these writes' outcome: a failed write closes the connection, and
        // channelInactive cleans up, so the void promise spares a promise per write.
        if (last) {
            ctx.writeAndFlush(part, ctx.voidPromise());
        } else {
            ctx.write(part, ctx.voidPromise());
            if (part instanceof HttpContent) {
                ctx.flush();
            }
        }
    }

    /**
     * Relays an interim response of {@code current}'s backend (RFC 9110 §15.2): never to an HTTP/1.0
     * client; a {@code 100 Continue} only to a client that asked for one and has not had the proxy's
     * own; any other 1xx as it came, less its hop-by-hop fields. The final response follows.
     */
    public void writeInterim(Exchange current, HttpResponse interim) {
        HttpRequest request = current.request();
        if (current != exchange || responseStarted || !request.protocolVersion().equals(HttpVersion.HTTP_1_1)) {
            return;
        }
        if (interim.status().code() == 100 && (continueSent || !HttpUtil.is100ContinueExpected(request))) {
            return;
        }
        if (interim.status().code() == 100) {
            continueSent = true;
        }
        Hop.strip(interim.headers(), false);
        ctx.writeAndFlush(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, interim.status(), Unpooled.EMPTY_BUFFER,
                interim.headers(), EmptyHttpHeaders.INSTANCE), ctx.voidPromise());
    }

    /** Answers the exchange with a locally made error response. */
    public void respondError(Exchange ended, HttpResponseStatus status, long retryAfterSeconds, String reason,
                      long queueWaitNanos) {
        if (responseStarted) {
            exchangeEnded(ended, status.code(), reason, queueWaitNanos, -1L, true, null);
            return;
        }
        boolean close = closeAfterResponse || unreadBody() || context.draining() || status.code() == 400;
        end(ended, status.code(), reason, queueWaitNanos, -1L, close, localResponse(status, retryAfterSeconds, reason,
                close, isHead(ended.request())), true);
    }

    /**
     * The exchange is over: log it, write its last part (if any), then get ready for the next request
     * or close. The log line comes first so that it exists once the client has its answer.
     */
    public void exchangeEnded(Exchange ended, int status, String reason, long queueWaitNanos, long upstreamNanos,
                       boolean close, HttpObject lastPart) {
        end(ended, status, reason, queueWaitNanos, upstreamNanos, close, lastPart, false);
    }

    /** {@link #exchangeEnded}, with {@code lastPart} a response the proxy made ({@code local}) or the backend's. */
    private void end(Exchange ended, int status, String reason, long queueWaitNanos, long upstreamNanos,
                     boolean close, HttpObject lastPart, boolean local) {
        if (ended != exchange) {
            ReferenceCountUtil.release(lastPart);
            return;
        }
        exchange = null;
        body.stop();
        long nowNanos = context.clock().nanoTime();
        HttpRequest request = ended.request();
        if (!local && status != 499) {
            // Counted at the end, as logged: a response cut after its head is a 502, not its head's
            // status. A client that left got no answer: its 499 is in the log, not among the responses.
            context.metrics().response(status);
        }
        if (context.accessLog().enabled()) {
            context.accessLog().log(request.method().name(), request.uri(), status, reason, queueWaitNanos,
                    upstreamNanos, nowNanos - ended.startNanos(), ended.pool().name(), peer().ip(), null);
        }
        context.metrics().answered(route, status, nowNanos - firstByteNanos);
        firstByteNanos = NOT_IDLE;
        if (local) {
            ctx.writeAndFlush(lastPart, ctx.voidPromise());
        } else if (lastPart != null) {
            writeResponsePart(ended, lastPart, true);
        }
        if (close || closeAfterResponse || unreadBody()) {
            if (local && status >= 400 && status < 500) {
                closePolitely();
            } else {
                closeAfterFlush();
            }
            return;
        }
        armIdleTimer();
        while (!deferred.isEmpty() && exchange == null && !closing) {
            handle(deferred.poll());
        }
        readIfWanted();
    }

    /** Answers a request that never reached a pool (bad input, no route, rate limited). */
    private void local(HttpRequest request, HttpResponseStatus status, String reason, long retryAfterSeconds,
                       boolean close, long startNanos) {
        boolean closeNow = close || !HttpUtil.isKeepAlive(request) || context.draining();
        long nowNanos = context.clock().nanoTime();
        if (context.accessLog().enabled()) {
            context.accessLog().log(request.method().name(), request.uri(), status.code(), reason, 0L, -1L,
                    nowNanos - startNanos, route == null ? "-" : route.pool().name(), peer().ip(), limitedKey);
        }
        context.metrics().answered(route, status.code(), nowNanos - firstByteNanos);
        firstByteNanos = NOT_IDLE;
        limitedKey = null;
        writeLocal(status, retryAfterSeconds, reason, closeNow, isHead(request));
        if (closeNow) {
            closePolitely();
        } else {
            requestEnded = true;
            armIdleTimer();
        }
    }

    private void writeLocal(HttpResponseStatus status, long retryAfterSeconds, String reason, boolean close,
                            boolean head) {
        ctx.writeAndFlush(localResponse(status, retryAfterSeconds, reason, close, head));
    }

    private FullHttpResponse localResponse(HttpResponseStatus status, long retryAfterSeconds, String reason,
                                           boolean close, boolean head) {
        context.metrics().response(status.code());
        return LocalAnswers.response(status, retryAfterSeconds, reason, close, head);
    }

    private static boolean isHead(HttpRequest request) {
        return HttpMethod.HEAD.equals(request.method());
    }

    private void arm(Deadline what, long delayNanos) {
        deadline = what;
        timer.arm(delayNanos);
    }

    private void disarm(Deadline what) {
        if (deadline == what) {
            deadline = Deadline.NONE;
            timer.disarm();
        }
    }

    private void deadlinePassed() {
        Deadline passed = deadline;
        deadline = Deadline.NONE;
        switch (passed) {
            case HEAD -> headTimedOut();
            case IDLE -> {
                if (exchange == null) {
                    idleCheck();
                }
            }
            case LINGER -> ctx.close();
            case NONE -> {
            }
        }
    }

    private void headTimedOut() {
        if (exchange == null && !closing) {
            context.metrics().rejected("-", "header_timeout");
            writeLocal(HttpResponseStatus.REQUEST_TIMEOUT, -1L, "header_timeout", true, false);
            closePolitely();
        }
    }

    private void armIdleTimer() {
        idleStartNanos = NanoClock.system().nanoTime();
        idleSinceNanos = idleStartNanos;
        armIdleCheck(0L);
    }

    /**
     * Arms the idle deadline {@code idleForNanos} into an idle spell. Pressure can begin after a
     * connection went idle, so while the shorter under-pressure timeout has not passed the timer
     * comes back at most that much later and looks again, instead of deciding once when armed.
     */
    private void armIdleCheck(long idleForNanos) {
        ClientLimits limits = context.limits();
        long full = limits.idleTimeout().toNanos() - idleForNanos;
        long pressured = limits.idleTimeoutUnderPressure().toNanos();
        long step = context.slots().underPressure() ? pressured - idleForNanos : pressured;
        arm(Deadline.IDLE, Math.max(1L, Math.min(full, step)));
    }

    private void idleCheck() {
        ClientLimits limits = context.limits();
        long idleFor = NanoClock.system().nanoTime() - idleStartNanos;
        if (idleFor >= limits.idleTimeout().toNanos()
                || (idleFor >= limits.idleTimeoutUnderPressure().toNanos() && context.slots().underPressure())) {
            closeNow();
        } else {
            armIdleCheck(idleFor);
        }
    }

    /** When the connection went idle, or {@link #NOT_IDLE} (any thread: {@link ConnectionSlots} reads it). */
    public long idleSinceNanos() {
        return idleSinceNanos;
    }

    /**
     * Closes this connection to make room for a new one, on its own loop, if it is still idle then
     * (any thread). Returns false if it was already chosen.
     */
    boolean evict() {
        idleSinceNanos = NOT_IDLE;
        if (!evicted.compareAndSet(false, true)) {
            return false;
        }
        ctx.channel().eventLoop().execute(() -> {
            if (exchange == null && deadline == Deadline.IDLE && !closing) {
                context.metrics().rejected("-", "idle_evicted");
                closeNow();
            } else {
                evicted.set(false); // busy again: it keeps its slot, and the cap is one over until a close
            }
        });
        return true;
    }

    private void closeAfterFlush() {
        closing = true;
        ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }

    /**
     * Closes after an error answer without losing it: the answer is flushed, our side is shut (a FIN),
     * and what the client still sends is read and dropped for up to {@link #LINGER_NANOS}, or until it
     * closes. Closing with its bytes unread would send a reset, which can destroy the answer before the
     * client reads it (RFC 9112 §9.6).
     */
    private void closePolitely() {
        closing = true;
        ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(flushed -> {
            if (!flushed.isSuccess() || !(ctx.channel() instanceof DuplexChannel duplex) || !duplex.isActive()) {
                ctx.close();
                return;
            }
            duplex.shutdownOutput();
            arm(Deadline.LINGER, LINGER_NANOS);
            ctx.read();
        });
    }

    private void closeNow() {
        closing = true;
        ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext context) {
        closing = true;
        deadline = Deadline.NONE;
        idleSinceNanos = NOT_IDLE;
        if (timer != null) {
            timer.stop();
            body.close();
        }
        Exchange current = exchange;
        if (current != null) {
            current.clientGone();
        }
        exchange = null;
        while (!deferred.isEmpty()) {
            ReferenceCountUtil.release(deferred.poll());
        }
    }

    /**
     * A failure no other path answered (a bug, or input the decoder could not frame). While an answer
     * is still possible the client gets one, 400 if no request is in progress and 502 if one is, and
     * the access log has a line saying so; then the connection closes.
     */
    @Override
    public void exceptionCaught(ChannelHandlerContext context, Throwable cause) {
        if (closing || !ctx.channel().isActive()) {
            closeNow();
            return;
        }
        Exchange current = exchange;
        if (current == null) {
            String reason = cause instanceof TooLongFrameException ? "bad_request" : "proxy_error";
            if (this.context.accessLog().enabled()) {
                this.context.accessLog().log("-", "-", 400, reason, 0L, -1L, 0L, "-", peer().ip(), null);
            }
            writeLocal(HttpResponseStatus.BAD_REQUEST, -1L, reason, true, false);
            closePolitely();
            return;
        }
        current.abort();
        closeAfterResponse = true;
        if (responseStarted) {
            exchangeEnded(current, 502, "proxy_error", 0L, -1L, true, null);
        } else {
            respondError(current, HttpResponseStatus.BAD_GATEWAY, -1L, "proxy_error", 0L);
        }
    }

    /**
     * True if the client has left though its handler has not been told yet: the connection closed and
     * its inactive event is still queued, or its FIN (or reset) is in the kernel, not yet read by this
     * loop. A permit handed over on another loop, or a task run before
     * the loop's next poll, would otherwise forward a request nobody waits for. Epoll only (TCP_INFO);
     * elsewhere false, and the departure is noticed when the answer is written.
     */
    public boolean peerGone() {
        if (!ctx.channel().isActive()) {
            return true; // closed, and its channelInactive is still queued behind this task
        }
        return ctx.channel() instanceof EpollSocketChannel epoll && epoll.tcpInfo().state() != TCP_ESTABLISHED;
    }

    /** Closes the connection of a client found gone ({@link #peerGone}); its exchange ends as a departure. */
    public void closeGone() {
        closeNow();
    }

    /** The client at the other end, named once per connection. */
    public Peer peer() {
        if (peer == null) {
            peer = new Peer(((InetSocketAddress) ctx.channel().remoteAddress()).getAddress());
        }
        return peer;
    }

    /**
     * Closes the connection if no request is in progress and none has begun to arrive (draining): a
     * request whose first bytes were read is answered once its head is complete ({@code 503 draining}).
     */
    public void closeIfIdle() {
        if (exchange == null && deadline != Deadline.HEAD) {
            closeNow();
        }
    }
}
