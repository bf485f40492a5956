package io.tailguard.proxy.upstream;

import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;

/**
 * Thread-safe (immutable): the Netty transport. Epoll where it is available, because it reports a
 * client's close (EPOLLRDHUP) while the proxy is not reading from it, which is exactly the state of a
 * queued request; NIO elsewhere, where a departed client is noticed when its turn comes.
 */
public record Transport(boolean epoll) {

    /** Returns epoll where Netty can load it, else NIO. */
    public static Transport best() {
        return new Transport(Epoll.isAvailable());
    }

    /** Creates a group of {@code threads} event loops of this transport. */
    public EventLoopGroup group(int threads) {
        return epoll ? new EpollEventLoopGroup(threads) : new NioEventLoopGroup(threads);
    }

    /** The listening socket's channel class of this transport. */
    public Class<? extends ServerChannel> serverChannel() {
        return epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    }

    Class<? extends Channel> clientChannel() {
        return epoll ? EpollSocketChannel.class : NioSocketChannel.class;
    }
}
