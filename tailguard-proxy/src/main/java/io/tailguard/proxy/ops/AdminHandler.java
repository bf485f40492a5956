package io.tailguard.proxy.ops;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.tailguard.proxy.ProxyContext;
import io.tailguard.proxy.client.RequestChecks;
import java.nio.charset.StandardCharsets;

/**
 * Thread-safe (stateless beyond the shared context): the admin listener. {@code /metrics} is the
 * Prometheus text exposition, {@code /healthz} says the process runs, {@code /readyz} says whether
 * it takes new requests (503 while draining).
 */
public final class AdminHandler extends SimpleChannelInboundHandler<FullHttpRequest> {

    private final ProxyContext context;

    /** Creates the admin handler of the proxy {@code context} describes. */
    public AdminHandler(ProxyContext context) {
        this.context = context;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        String path = RequestChecks.path(request.uri());
        HttpResponseStatus status = HttpResponseStatus.OK;
        String type = "text/plain; charset=utf-8";
        String body;
        switch (path) {
            case "/metrics" -> {
                body = context.metrics().scrape();
                type = "text/plain; version=0.0.4; charset=utf-8";
            }
            case "/healthz" -> body = "ok\n";
            case "/readyz" -> {
                status = context.draining() ? HttpResponseStatus.SERVICE_UNAVAILABLE : HttpResponseStatus.OK;
                body = context.draining() ? "draining\n" : "ready\n";
            }
            default -> {
                status = HttpResponseStatus.NOT_FOUND;
                body = "not found: try /metrics, /healthz or /readyz\n";
            }
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                Unpooled.wrappedBuffer(bytes));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, type);
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, bytes.length);
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        HttpUtil.setKeepAlive(response, keepAlive);
        if (keepAlive) {
            ctx.writeAndFlush(response);
        } else {
            ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }
}
