package io.tailguard.proxy.upstream;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;

/**
 * Not thread-safe (one backend connection, on its loop): puts the backend's lease session id on
 * each request head as it is written, and counts the request against the proxy's view of the
 * lease. Counting at the write, not at the pick, is when the request really uses the lease.
 */
final class LeaseStamp extends ChannelOutboundHandlerAdapter {

    private final LeaseLink link;

    LeaseStamp(LeaseLink link) {
        this.link = link;
    }

    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) throws Exception {
        if (msg instanceof HttpRequest request) {
            link.stamp(request.headers());
        }
        super.write(ctx, msg, promise);
    }
}
