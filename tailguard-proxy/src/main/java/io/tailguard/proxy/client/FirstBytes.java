package io.tailguard.proxy.client;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * Not thread-safe (one per connection): tells the {@link ClientHandler} that raw bytes arrived, before
 * the decoder sees them, so it can start the clock on a request head (the slowloris defence).
 */
public final class FirstBytes extends ChannelInboundHandlerAdapter {

    private final ClientHandler client;

    /** Creates the watch in front of {@code client}, told of every first byte of a request. */
    public FirstBytes(ClientHandler client) {
        this.client = client;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        client.onBytes();
        ctx.fireChannelRead(msg);
    }
}
