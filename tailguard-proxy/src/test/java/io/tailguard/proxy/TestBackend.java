package io.tailguard.proxy;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Thread-safe: an HTTP server on loopback for tests, with a control handle. A request to a path
 * starting {@code /hold} waits until the test releases it; any other gets 200 at once. Its body is
 * {@code <method> <uri> <request body>}, and it records every request it received and every held
 * request whose connection closed before it answered.
 */
final class TestBackend implements AutoCloseable {

    /** A request the backend received. */
    record Seen(String method, String uri, io.netty.handler.codec.http.HttpHeaders headers, String body) {
    }

    /** A held request: answer it with {@link #answer}. */
    static final class Held {
        final ChannelHandlerContext ctx;
        final String head;
        final boolean keepAlive;
        volatile boolean answered;

        Held(ChannelHandlerContext ctx, String head, boolean keepAlive) {
            this.ctx = ctx;
            this.head = head;
            this.keepAlive = keepAlive;
        }

        void answer() {
            answered = true;
            ctx.channel().eventLoop().execute(() -> respond(ctx, head, keepAlive));
        }
    }

    private final EventLoopGroup group = new NioEventLoopGroup(1);
    private final Channel server;
    final List<Seen> seen = new CopyOnWriteArrayList<>();
    final BlockingQueue<Held> held = new LinkedBlockingQueue<>();
    final BlockingQueue<String> closedWhileHeld = new LinkedBlockingQueue<>();
    final AtomicInteger connections = new AtomicInteger();
    /** One entry per connection that closed, from either side. */
    final BlockingQueue<Channel> disconnected = new LinkedBlockingQueue<>();
    /** Requests to {@code /delay} being worked on now, and the most at once. */
    final AtomicInteger working = new AtomicInteger();
    final AtomicInteger mostWorking = new AtomicInteger();

    private final String holdPrefix;

    TestBackend() throws InterruptedException {
        this("/hold");
    }

    /** A backend that holds every request whose path starts with {@code holdPrefix}. */
    TestBackend(String holdPrefix) throws InterruptedException {
        this.holdPrefix = holdPrefix;
        server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel channel) {
                        connections.incrementAndGet();
                        channel.closeFuture().addListener(closed -> disconnected.add(channel));
                        channel.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(8 << 20),
                                new Handler());
                    }
                })
                .bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
    }

    InetSocketAddress address() {
        return (InetSocketAddress) server.localAddress();
    }

    /** Waits for the next held request (at most 5 s). */
    Held nextHeld() throws InterruptedException {
        Held next = held.poll(5, TimeUnit.SECONDS);
        if (next == null) {
            throw new AssertionError("no held request reached the backend within 5 s");
        }
        return next;
    }

    private final class Handler extends SimpleChannelInboundHandler<FullHttpRequest> {
        private Held pending;

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            String body = request.content().toString(StandardCharsets.UTF_8);
            seen.add(new Seen(request.method().name(), request.uri(), request.headers().copy(), body));
            String head = request.method().name() + " " + request.uri() + " " + body;
            if (request.uri().startsWith("/drop")) {
                ctx.close(); // a backend that dies on this request without answering
            } else if (request.uri().startsWith("/delay")) {
                mostWorking.accumulateAndGet(working.incrementAndGet(), Math::max);
                boolean keepAlive = HttpUtil.isKeepAlive(request);
                ctx.executor().schedule(() -> {
                    working.decrementAndGet();
                    respond(ctx, head, keepAlive);
                }, 2, TimeUnit.MILLISECONDS);
            } else if (request.uri().startsWith("/chunked")) {
                respondChunked(ctx, head);
            } else if (request.uri().startsWith("/split")) {
                respondInTwoParts(ctx, head);
            } else if (request.uri().startsWith("/http10")) {
                respondHttp10(ctx, head);
            } else if (request.uri().startsWith(holdPrefix)) {
                pending = new Held(ctx, head, HttpUtil.isKeepAlive(request));
                held.add(pending);
            } else {
                respond(ctx, head, HttpUtil.isKeepAlive(request));
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (pending != null && !pending.answered) {
                closedWhileHeld.add(pending.head);
            }
        }
    }

    /** Sends the body in chunks, with no Content-Length. */
    private static void respondChunked(ChannelHandlerContext ctx, String head) {
        io.netty.handler.codec.http.HttpResponse response = new io.netty.handler.codec.http.DefaultHttpResponse(
                HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        HttpUtil.setTransferEncodingChunked(response, true);
        ctx.write(response);
        ctx.write(new io.netty.handler.codec.http.DefaultHttpContent(
                Unpooled.copiedBuffer(head.substring(0, 4), StandardCharsets.UTF_8)));
        ctx.writeAndFlush(new io.netty.handler.codec.http.DefaultLastHttpContent(
                Unpooled.copiedBuffer(head.substring(4), StandardCharsets.UTF_8)));
    }

    /** Answers as an HTTP/1.0 server without Content-Length: the body ends with the connection. */
    private static void respondHttp10(ChannelHandlerContext ctx, String head) {
        ctx.write(new io.netty.handler.codec.http.DefaultHttpResponse(HttpVersion.HTTP_1_0, HttpResponseStatus.OK));
        ctx.writeAndFlush(new io.netty.handler.codec.http.DefaultLastHttpContent(
                Unpooled.copiedBuffer(head, StandardCharsets.UTF_8))).addListener(f -> ctx.close());
    }

    /** Sends the head now and the body a moment later, so the proxy reads them separately. */
    private static void respondInTwoParts(ChannelHandlerContext ctx, String head) {
        byte[] bytes = head.getBytes(StandardCharsets.UTF_8);
        io.netty.handler.codec.http.HttpResponse response = new io.netty.handler.codec.http.DefaultHttpResponse(
                HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, bytes.length);
        ctx.writeAndFlush(response);
        ctx.executor().schedule(() -> ctx.writeAndFlush(new io.netty.handler.codec.http.DefaultLastHttpContent(
                Unpooled.wrappedBuffer(bytes))), 20, TimeUnit.MILLISECONDS);
    }

    private static void respond(ChannelHandlerContext ctx, String head, boolean keepAlive) {
        byte[] bytes = head.getBytes(StandardCharsets.UTF_8);
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                Unpooled.wrappedBuffer(bytes));
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, bytes.length);
        response.headers().set("Keep-Alive", "timeout=5");
        HttpUtil.setKeepAlive(response, keepAlive);
        ctx.writeAndFlush(response);
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
