package io.tailguard.load;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.tailguard.time.NanoClock;
import java.util.concurrent.TimeUnit;

/**
 * Not thread-safe (every method runs on its one event loop): the HTTP/1.1 connections of a run.
 * The request is encoded once; each send writes a duplicate of the same bytes, so sending costs
 * no encoding. Connections are opened when the engine asks for them; a closed one is reopened at
 * once, then every 100 ms while that fails.
 */
final class HttpWire implements Wire {

    private static final long RECONNECT_DELAY_MILLIS = 100;

    private final EventLoop loop;
    private final NanoClock clock;
    private final Bootstrap bootstrap;
    private final ByteBuf request;
    private final Channel[] channels;
    private Engine engine;
    private volatile boolean closing;

    HttpWire(EventLoop loop, NanoClock clock, Target target, byte[] requestBytes, boolean head, int connections,
             int connectTimeoutMillis) {
        this.loop = loop;
        this.clock = clock;
        this.request = Unpooled.unreleasableBuffer(Unpooled.directBuffer(requestBytes.length)
                .writeBytes(requestBytes));
        this.channels = new Channel[connections];
        this.bootstrap = new Bootstrap().group(loop).channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.SO_KEEPALIVE, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, connectTimeoutMillis)
                .remoteAddress(target.host(), target.port())
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new HttpResponseDecoder() {
                            @Override
                            protected boolean isContentAlwaysEmpty(HttpMessage msg) {
                                return head || super.isContentAlwaysEmpty(msg);
                            }
                        });
                    }
                });
    }

    /** Binds the engine that receives this wire's events; call on the loop before connecting. */
    void engine(Engine engine) {
        this.engine = engine;
    }

    /** Opens connection {@code conn}; returns the connect future. */
    ChannelFuture connect(int conn) {
        ChannelFuture future = bootstrap.connect();
        Channel ch = future.channel();
        ch.pipeline().addLast(new Responses(conn));
        future.addListener(f -> {
            if (f.isSuccess()) {
                channels[conn] = ch;
                engine.connected(conn, clock.nanoTime());
            } else if (!closing) {
                loop.schedule(() -> reconnect(conn), RECONNECT_DELAY_MILLIS, TimeUnit.MILLISECONDS);
            }
        });
        return future;
    }

    private void reconnect(int conn) {
        if (!closing) {
            connect(conn);
        }
    }

    @Override
    public void open(int conn) {
        connect(conn);
    }

    @Override
    public void send(int conn) {
        Channel ch = channels[conn];
        ch.writeAndFlush(request.duplicate(), ch.voidPromise());
    }

    @Override
    public void reset(int conn) {
        Channel ch = channels[conn];
        channels[conn] = null;
        if (ch != null) {
            ch.close();
        }
    }

    /** Stops reconnecting and closes every connection; call on the loop. */
    void close() {
        closing = true;
        for (int conn = 0; conn < channels.length; conn++) {
            reset(conn);
        }
    }

    /** Not thread-safe (one channel's handler): turns decoded responses into engine events. */
    private final class Responses extends SimpleChannelInboundHandler<HttpObject> {
        private final int conn;
        private int status;
        private boolean keepAlive;

        Responses(int conn) {
            this.conn = conn;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, HttpObject msg) {
            if (msg.decoderResult().isFailure()) {
                ctx.close();
                return;
            }
            if (msg instanceof HttpResponse response) {
                status = response.status().code();
                keepAlive = HttpUtil.isKeepAlive(response);
            }
            if (msg instanceof LastHttpContent && channels[conn] == ctx.channel()) {
                engine.answered(conn, status, keepAlive, clock.nanoTime());
                if (!keepAlive) {
                    ctx.close();
                }
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (channels[conn] == ctx.channel()) {
                channels[conn] = null;
                engine.lost(conn, clock.nanoTime());
            }
            if (!closing) {
                // a reset connection (timeout) or one the server closed: the engine needs it back
                reconnect(conn);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
