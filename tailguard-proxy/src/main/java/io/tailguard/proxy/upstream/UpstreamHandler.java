package io.tailguard.proxy.upstream;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;

/**
 * Not thread-safe (confined to its connection's event loop): the end of a backend connection. It
 * relays the response to the leg (exchange or hedge attempt) bound to it, if any; a connection with
 * no exchange is idle in its backend's pool, and anything it receives or its closing only removes it
 * from there. Interim responses (1xx) are told apart from the final one here, and {@link #finish} is
 * the one place where a connection whose exchange ended goes back to the pool.
 */
public final class UpstreamHandler extends ChannelInboundHandlerAdapter {

    private final Backend backend;
    private Channel channel;
    private BackendCodec codec;
    private UpstreamLeg exchange;
    private boolean responseKeepAlive;
    /** The body end that follows an interim head is the interim's, not the exchange's. */
    private boolean inInterim;

    UpstreamHandler(Backend backend) {
        this.backend = backend;
    }

    /** Returns the handler in {@code channel}'s pipeline. */
    public static UpstreamHandler of(Channel channel) {
        return channel.pipeline().get(UpstreamHandler.class);
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        channel = ctx.channel();
        codec = ctx.pipeline().get(BackendCodec.class);
    }

    /** Sends this connection's next response to {@code bound}. */
    public void bind(UpstreamLeg bound) {
        this.exchange = bound;
        this.inInterim = false;
    }

    /** Gives the exchange's place on the connection to {@code next}, mid-response (an interim's end stays the interim's). */
    void handOver(UpstreamLeg next) {
        this.exchange = next;
    }

    /** Sends this connection's response nowhere (its attempt is over). */
    public void unbind() {
        this.exchange = null;
    }

    /** True if any byte of a response came since the request went out: sending it again could run it twice. */
    public boolean answered() {
        return codec.receivedSinceRequest();
    }

    /** True if an idle connection may carry a request: open, and nothing received since its last response. */
    boolean reusable() {
        return channel.isActive() && codec.atMessageBoundary();
    }

    /**
     * Ends the bound exchange's use of the connection. It goes back to the pool only at a clean
     * message boundary: the request was sent whole ({@code requestSent}), the response was framed
     * completely and allows keep-alive, and no byte beyond its end was received (RFC 9112 §9.3).
     * Anything else closes it. Every path that ends an exchange on a connection comes here.
     */
    public void finish(boolean requestSent) {
        exchange = null;
        if (requestSent && responseKeepAlive && reusable()) {
            backend.release(channel);
        } else {
            channel.close();
        }
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
            int status = response.status().code();
            if (response.decoderResult().isFailure() || status == 101 || BackendCodec.unrelayableCoding(response)) {
                // 101 answers an upgrade, and the proxy forwards none (RFC 9110 §15.2.2).
                ReferenceCountUtil.release(msg);
                malformed(ctx, current);
                return;
            }
            if (status < 200) {
                inInterim = true;
                current.onInterimResponse(response);
            } else {
                responseKeepAlive = HttpUtil.isKeepAlive(response);
                current.onResponseHead(response);
            }
        }
        if (msg instanceof HttpContent content) {
            if (content.decoderResult().isFailure()) {
                ReferenceCountUtil.release(msg);
                malformed(ctx, current);
            } else if (inInterim) {
                inInterim = !(content instanceof LastHttpContent);
                ReferenceCountUtil.release(msg);
            } else {
                current.onResponseContent(content);
            }
        } else if (!(msg instanceof HttpResponse)) {
            ReferenceCountUtil.release(msg);
        }
    }

    private void malformed(ChannelHandlerContext ctx, UpstreamLeg current) {
        exchange = null;
        ctx.close();
        current.onMalformedResponse();
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
