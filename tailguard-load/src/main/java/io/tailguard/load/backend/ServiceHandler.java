package io.tailguard.load.backend;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.tailguard.sim.path.WorkerLine;

/**
 * Not thread-safe (one per connection, on its event loop): hands each request to the backend's
 * {@link WorkerLine} and answers {@code 200} with the server's address once its service time is
 * over. A connection that closes takes its waiting request out of the line, so no worker serves a
 * client that left; one already in service runs to its end. A connection carries one request at a
 * time, as the proxy sends them: a pipelining client's earlier requests stay in the line.
 */
final class ServiceHandler extends SimpleChannelInboundHandler<FullHttpRequest> {

    /** One request on one connection, waiting or in service. */
    record Job(Channel channel, boolean keepAlive) {
    }

    private final WorkerLine<Job> line;
    private Job current;

    ServiceHandler(WorkerLine<Job> line) {
        this.line = line;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        Job job = new Job(ctx.channel(), HttpUtil.isKeepAlive(request));
        current = job;
        line.arrive(job);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        Job job = current;
        if (job != null) {
            line.withdraw(job);
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // a client resetting its connection (a proxy abandoning a request) is normal here
        ctx.close();
    }

    /** Answers {@code job}, if its connection is still open; called when its service time is over. */
    static void answer(Job job, byte[] body) {
        if (!job.channel().isActive()) {
            return;
        }
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                Unpooled.wrappedBuffer(body));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.TEXT_PLAIN);
        HttpListener.respond(job.channel(), response, job.keepAlive());
    }
}
