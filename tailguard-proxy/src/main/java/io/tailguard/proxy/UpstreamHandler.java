package io.tailguard.proxy;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;

/**
 * Not thread-safe (confined to its connection's event loop): the end of a backend connection. It
 * relays the response to the leg (exchange or hedge attempt) bound to it, if any; a connection with no exchange is idle in
 * its backend's pool, and anything it receives or its closing only removes it from there.
 */
final class UpstreamHandler extends ChannelInboundHandlerAdapter {

    private final Backend backend;
    private UpstreamLeg exchange;
    private boolean responseKeepAlive;

    UpstreamHandler(Backend backend) {
        this.backend = backend;
    }

    static UpstreamHandler of(Channel channel) {
        return channel.pipeline().get(UpstreamHandler.class);
    }

    void bind(UpstreamLeg bound) {
        this.exchange = bound;
    }

    void unbind() {
        this.exchange = null;
    }

    boolean responseKeepAlive() {
        return responseKeepAlive;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        UpstreamLeg current = exchange;
        if (current == null) {
            // An idle connection has nothing to say; a backend that speaks anyway is not reused.
            ReferenceCountUtil.release(msg);
            backend.forget(ctx.channel());
            ctx.close();
            return;
        }
        if (msg instanceof HttpResponse response) {
            if (response.decoderResult().isFailure()) {
                ReferenceCountUtil.release(msg);
                ctx.close();
                return;
            }
            responseKeepAlive = HttpUtil.isKeepAlive(response);
            current.onResponseHead(response);
        }
        if (msg instanceof HttpContent content) {
            current.onResponseContent(content);
        } else if (!(msg instanceof HttpResponse)) {
            ReferenceCountUtil.release(msg);
        }
    }

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
        // Auto-read is off: ask for more while the exchange waits for its head, or the client can take
        // more of the body. Otherwise the client's writability change asks later. An idle pooled
        // connection keeps its read armed: a backend's close is seen at once, and the next exchange
        // finds it readable without two more epoll_ctl calls per request.
        if (exchange == null || exchange.wantsResponseBytes()) {
            ctx.read();
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (ctx.channel().isWritable() && exchange != null) {
            exchange.upstreamWritable();
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event instanceof IdleStateEvent && exchange == null) {
            backend.forget(ctx.channel());
            ctx.close();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        UpstreamLeg current = exchange;
        exchange = null;
        backend.forget(ctx.channel());
        if (current != null) {
            current.onUpstreamLost();
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
