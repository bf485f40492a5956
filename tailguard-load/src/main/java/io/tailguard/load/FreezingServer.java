package io.tailguard.load;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
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
import io.netty.util.concurrent.DefaultThreadFactory;
import io.tailguard.time.NanoClock;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Thread-safe (its state lives on its event loop): an HTTP server on 127.0.0.1 that answers at once
 * but freezes for {@code freeze} at the end of every {@code every}, as a process stopped with
 * {@code ^Z} or a long GC pause would: a request that arrives while it is frozen is answered when
 * the freeze ends. The first freeze starts {@code every - freeze} after start. It shows what a load
 * generator makes of a stall: a user of this server sees about {@code freeze / every} of requests
 * delayed, by up to {@code freeze}.
 */
public final class FreezingServer implements AutoCloseable {

    private static final byte[] BODY = "ok\n".getBytes(StandardCharsets.US_ASCII);

    private final NioEventLoopGroup group;
    private final Channel server;
    private final long startNanos;

    private FreezingServer(int port, long freezeNanos, long everyNanos, NanoClock clock) {
        this.group = new NioEventLoopGroup(1, new DefaultThreadFactory("tailguard-freezing-server", true));
        this.startNanos = clock.nanoTime();
        try {
            this.server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(1 << 16),
                                    new Answer(freezeNanos, everyNanos, clock));
                        }
                    })
                    .bind(new InetSocketAddress("127.0.0.1", port)).sync().channel();
        } catch (InterruptedException e) {
            group.shutdownGracefully();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while binding", e);
        } catch (RuntimeException e) {
            group.shutdownGracefully();
            throw e;
        }
    }

    /**
     * Starts the server on 127.0.0.1:{@code port} (0 picks a free port).
     *
     * @throws IllegalArgumentException if {@code freeze} is not shorter than {@code every}
     */
    public static FreezingServer start(int port, Duration freeze, Duration every, NanoClock clock) {
        if (freeze.isNegative() || freeze.compareTo(every) >= 0) {
            throw new IllegalArgumentException("--freeze must be >= 0 and shorter than --every (" + every.toMillis()
                    + " ms) but was " + freeze.toMillis() + " ms");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("--port must be 0 to 65535 but was " + port);
        }
        return new FreezingServer(port, freeze.toNanos(), every.toNanos(), clock);
    }

    /** Returns the bound port. */
    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    /** Returns how long until the server answers a request arriving at {@code nowNanos}: 0 unless frozen. */
    static long holdNanos(long sinceStartNanos, long freezeNanos, long everyNanos) {
        long phase = sinceStartNanos % everyNanos;
        return phase >= everyNanos - freezeNanos ? everyNanos - phase : 0;
    }

    @Override
    public void close() {
        server.close().awaitUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }

    /** Not thread-safe (one channel): answers each request now or when the freeze ends, in order. */
    private final class Answer extends SimpleChannelInboundHandler<FullHttpRequest> {
        private final long freezeNanos;
        private final long everyNanos;
        private final NanoClock clock;
        /** Answers held on this channel and not yet written; later ones wait behind them. */
        private int held;

        Answer(long freezeNanos, long everyNanos, NanoClock clock) {
            this.freezeNanos = freezeNanos;
            this.everyNanos = everyNanos;
            this.clock = clock;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            boolean keepAlive = HttpUtil.isKeepAlive(request);
            long hold = holdNanos(clock.nanoTime() - startNanos, freezeNanos, everyNanos);
            if (hold == 0 && held == 0) {
                respond(ctx, keepAlive);
                return;
            }
            held++;
            ctx.executor().schedule(() -> {
                held--;
                respond(ctx, keepAlive);
            }, Math.max(hold, 1), TimeUnit.NANOSECONDS);
        }

        private void respond(ChannelHandlerContext ctx, boolean keepAlive) {
            FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                    Unpooled.wrappedBuffer(BODY));
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain")
                    .setInt(HttpHeaderNames.CONTENT_LENGTH, BODY.length);
            HttpUtil.setKeepAlive(response, keepAlive);
            var write = ctx.writeAndFlush(response);
            if (!keepAlive) {
                write.addListener(f -> ctx.close());
            }
        }
    }
}
