package io.tailguard.load.backend;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelOutboundInvoker;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Thread-safe (stateless): the Netty listener both test backends run, an HTTP/1.1 server on epoll
 * where there is one (its timers, timerfd, fire within microseconds of a service delay, NIO's
 * within a millisecond) with whole requests handed to a backend's handler, and the one way those
 * handlers write their answers.
 */
final class HttpListener {

    private HttpListener() {
    }

    /** Returns an event loop group of {@code threads} daemon threads named {@code name}. */
    static EventLoopGroup group(int threads, String name) {
        DefaultThreadFactory factory = new DefaultThreadFactory(name, true);
        return Epoll.isAvailable() ? new EpollEventLoopGroup(threads, factory) : new NioEventLoopGroup(threads, factory);
    }

    /**
     * Binds {@code listen} on {@code group}, each connection ending in a handler from {@code handler};
     * if that fails, shuts the group down and says why.
     */
    static Channel bind(EventLoopGroup group, InetSocketAddress listen, Supplier<ChannelHandler> handler) {
        try {
            return new ServerBootstrap().group(group)
                    .channel(group instanceof EpollEventLoopGroup ? EpollServerSocketChannel.class
                            : NioServerSocketChannel.class)
                    .option(ChannelOption.SO_BACKLOG, 4096)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<Channel>() {
                        @Override
                        protected void initChannel(Channel ch) {
                            ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(1 << 16), handler.get());
                        }
                    })
                    .bind(listen).sync().channel();
        } catch (InterruptedException e) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while binding " + listen, e);
        } catch (RuntimeException e) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            throw new IllegalArgumentException("--listen must be an address this host can listen on but was "
                    + listen.getHostString() + ":" + listen.getPort() + " (" + e.getMessage() + ")", e);
        }
    }

    /**
     * Writes {@code response} with its {@code Content-Length}; unless {@code keepAlive}, with
     * {@code Connection: close}, and closes the connection once it is written.
     */
    static void respond(ChannelOutboundInvoker out, FullHttpResponse response, boolean keepAlive) {
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, response.content().readableBytes());
        HttpUtil.setKeepAlive(response, keepAlive);
        ChannelFuture write = out.writeAndFlush(response);
        if (!keepAlive) {
            write.addListener(ChannelFutureListener.CLOSE);
        }
    }

    /** Closes {@code server} and every connection, then the group's threads. */
    static void close(Channel server, EventLoopGroup group) {
        server.close().awaitUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }
}
