package io.tailguard.load.backend;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.tailguard.admission.Decision;
import io.tailguard.lease.LeaseFrame;
import io.tailguard.lease.LeaseResponder;
import io.tailguard.lease.LeaseStats;
import io.tailguard.lease.LeaseWire;
import io.tailguard.sim.service.SaturableService;
import io.tailguard.time.NanoClock;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * Not thread-safe (one per connection, on its event loop): serves the lease stream or one request
 * at a time. A request is checked against its session's lease before the service runs: its
 * {@code Tailguard-Lease-Id} names the session, no id means the shared session of requesters
 * without leases, an unknown id (a closed stream, a restart since) is {@code lease-expired}.
 */
final class BackendHandler extends SimpleChannelInboundHandler<FullHttpRequest> {

    private final LeaseResponder responder;
    private final SaturableService service;
    private final NanoClock clock;
    private final LeaseBackend backend;
    private LeaseResponder.Session stream;

    BackendHandler(LeaseResponder responder, SaturableService service, NanoClock clock, LeaseBackend backend) {
        this.responder = responder;
        this.service = service;
        this.clock = clock;
        this.backend = backend;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        String path = new QueryStringDecoder(request.uri()).path();
        if (path.equals(LeaseWire.STREAM_PATH) && request.method().equals(HttpMethod.GET)) {
            openStream(ctx);
            return;
        }
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        String id = request.headers().get(LeaseWire.LEASE_ID);
        LeaseResponder.Session session = id == null ? responder.unleased() : responder.session(id);
        long nowNanos = clock.nanoTime();
        if (session == null) {
            backend.onRejected();
            reject(ctx, keepAlive, LeaseWire.EXPIRED, 1_000_000_000L, null);
            return;
        }
        Decision decision = session.tryAcquire(nowNanos);
        if (!decision.isAdmitted()) {
            backend.onRejected();
            reject(ctx, keepAlive, LeaseWire.reason(decision.reason()), session.retryAfterNanos(nowNanos),
                    session.current(nowNanos));
            return;
        }
        backend.onAccepted();
        long delayMillis = service.admit(nowNanos);
        ctx.executor().schedule(() -> {
            long endNanos = clock.nanoTime();
            LeaseStats stats = session.stats();
            if (stats != null) {
                stats.onCompleted(endNanos, nowNanos);
            }
            answer(ctx, keepAlive, session.current(endNanos));
        }, delayMillis, TimeUnit.MILLISECONDS);
    }

    private void openStream(ChannelHandlerContext ctx) {
        if (stream != null) {
            return; // one stream per connection; a second GET on it changes nothing
        }
        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        head.headers().set(HttpHeaderNames.CONTENT_TYPE, LeaseWire.STREAM_CONTENT_TYPE)
                .set(HttpHeaderNames.CACHE_CONTROL, "no-store")
                .set(HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderValues.CHUNKED);
        ctx.writeAndFlush(head);
        Channel channel = ctx.channel();
        stream = responder.open(frame -> channel.eventLoop().execute(() -> {
            if (channel.isActive()) {
                ByteBuf line = Unpooled.copiedBuffer(frame.toLine() + "\n", StandardCharsets.US_ASCII);
                channel.writeAndFlush(new DefaultHttpContent(line));
            }
        }));
        LeaseResponder.Session session = stream;
        channel.closeFuture().addListener(closed -> session.close());
        backend.onSessionOpened();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // a requester that went away (reset) ends its connection; nothing to answer
        ctx.close();
    }

    private void answer(ChannelHandlerContext ctx, boolean keepAlive, LeaseFrame lease) {
        byte[] body = (ctx.channel().localAddress().toString().replace("/", "") + "\n")
                .getBytes(StandardCharsets.US_ASCII);
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                Unpooled.wrappedBuffer(body));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain");
        write(ctx, response, keepAlive, lease);
    }

    private void reject(ChannelHandlerContext ctx, boolean keepAlive, String reason, long retryAfterNanos,
                        LeaseFrame lease) {
        byte[] body = (reason + "\n").getBytes(StandardCharsets.US_ASCII);
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(LeaseWire.REJECTED_STATUS), Unpooled.wrappedBuffer(body));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain")
                .set(LeaseWire.REASON, reason)
                .set(HttpHeaderNames.RETRY_AFTER, LeaseWire.retryAfterSeconds(retryAfterNanos));
        write(ctx, response, keepAlive, lease);
    }

    private static void write(ChannelHandlerContext ctx, FullHttpResponse response, boolean keepAlive,
                              LeaseFrame lease) {
        if (lease != null) {
            response.headers().set(LeaseWire.LEASE, lease.toHeader());
        }
        HttpListener.respond(ctx, response, keepAlive);
    }
}
