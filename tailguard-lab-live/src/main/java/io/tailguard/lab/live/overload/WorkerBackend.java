package io.tailguard.lab.live.overload;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
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
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Thread-safe HTTP backend with a fixed capacity, in this JVM: {@code workers} requests are served
 * at once, each takes exactly {@code serviceTime} (a timer, not a busy CPU, so the lab's two cores
 * stay free for the proxies) and is answered {@code 200 ok}; the rest wait in an unbounded FIFO
 * line, as in a thread-pool server. Capacity is {@code workers / serviceTime} requests per second.
 * Like Puma since 3.10, a waiting request whose connection has closed is skipped at its turn: the
 * backend never works for a client it can no longer answer.
 */
final class WorkerBackend implements AutoCloseable {

    private static final byte[] BODY = "ok\n".getBytes(StandardCharsets.US_ASCII);

    private final int workers;
    private final long serviceNanos;
    private final NioEventLoopGroup group;
    private final Channel server;
    private final ArrayDeque<Job> waiting = new ArrayDeque<>();
    private final AtomicLong served = new AtomicLong();
    private final AtomicLong skipped = new AtomicLong();
    private int busy;

    private record Job(Channel channel, boolean keepAlive) {
    }

    private WorkerBackend(int workers, Duration serviceTime) {
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be >= 1 but was " + workers);
        }
        this.workers = workers;
        this.serviceNanos = serviceTime.toNanos();
        this.group = new NioEventLoopGroup(1, new DefaultThreadFactory("tailguard-backend", true));
        ServerBootstrap bootstrap = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(64 * 1024),
                                new Handler());
                    }
                });
        this.server = bootstrap.bind(new InetSocketAddress("127.0.0.1", 0)).syncUninterruptibly().channel();
    }

    /** Starts a backend on a free loopback port. */
    static WorkerBackend start(int workers, Duration serviceTime) {
        return new WorkerBackend(workers, serviceTime);
    }

    /** Returns the port it listens on. */
    int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    /** Returns how many requests it answered. */
    long served() {
        return served.get();
    }

    /** Returns how many waiting requests it skipped because their connection had closed. */
    long skipped() {
        return skipped.get();
    }

    private final class Handler extends SimpleChannelInboundHandler<FullHttpRequest> {
        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            arrive(new Job(ctx.channel(), HttpUtil.isKeepAlive(request)));
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            // a client resetting its connection (a timed-out load request) is normal here
            ctx.close();
        }
    }

    private void arrive(Job job) {
        synchronized (waiting) {
            if (busy < workers) {
                busy++;
                begin(job);
            } else {
                waiting.addLast(job);
            }
        }
    }

    private void begin(Job job) {
        job.channel().eventLoop().schedule(() -> finish(job), serviceNanos, TimeUnit.NANOSECONDS);
    }

    private void finish(Job job) {
        answer(job);
        synchronized (waiting) {
            Job next;
            while ((next = waiting.pollFirst()) != null) {
                if (next.channel().isActive()) {
                    begin(next);
                    return;
                }
                skipped.incrementAndGet();
            }
            busy--;
        }
    }

    private void answer(Job job) {
        if (!job.channel().isActive()) {
            return;
        }
        served.incrementAndGet();
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                Unpooled.wrappedBuffer(BODY));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.TEXT_PLAIN)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, BODY.length);
        if (job.keepAlive()) {
            job.channel().writeAndFlush(response);
        } else {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            job.channel().writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        }
    }

    @Override
    public void close() {
        server.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
