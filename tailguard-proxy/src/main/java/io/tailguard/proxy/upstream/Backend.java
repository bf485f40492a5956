package io.tailguard.proxy.upstream;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.handler.timeout.IdleStateHandler;
import io.tailguard.proxy.config.PoolConfig;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Thread-safe: one server of a pool as the proxy reaches it: its address, its idle keep-alive
 * connections and its lease stream. Its cap, ejection and balancing are its pool's decision path's.
 *
 * <p>Connections are pooled per event loop, as Zuul and Armeria do: a client's exchange uses a
 * connection on its own loop, so a connection is only ever touched by one thread and needs no lock.
 * A connection in the pool holds no permit: permits belong to exchanges, never to idle sockets.
 */
public final class Backend {

    private final int index;
    private final InetSocketAddress address;
    /** Options and handlers of every connection to this backend; each connect clones it onto a loop. */
    private final Bootstrap bootstrap;
    private final Map<EventLoop, ArrayDeque<Channel>> idle = new ConcurrentHashMap<>();
    private final LeaseLink lease;

    /** Creates a backend whose requests carry the lease of {@code lease} (null: the pool reads no leases). */
    public Backend(int index, InetSocketAddress address, PoolConfig config, Transport transport, LeaseLink lease) {
        this.lease = lease;
        this.index = index;
        this.address = address;
        this.bootstrap = new Bootstrap()
                .channel(transport.clientChannel())
                .option(ChannelOption.AUTO_READ, false)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE,
                        config.connectTimeout().toMillis()))
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel channel) {
                        // Reader idleness only: an all-idle handler also watches writes, which un-voids
                        // every write's promise and hangs a listener on it. A pooled connection's last
                        // event is always a read (its response), so the two agree on when it went idle.
                        long idleMillis = config.idleTimeout().toMillis();
                        channel.pipeline().addLast(
                                new IdleStateHandler(idleMillis, 0, 0, TimeUnit.MILLISECONDS),
                                new BackendCodec());
                        if (lease != null) {
                            channel.pipeline().addLast(new LeaseStamp(lease));
                        }
                        channel.pipeline().addLast(new UpstreamHandler(Backend.this));
                    }
                });
    }

    /** This backend's place in its pool, as the pool's decision path numbers it. */
    public int index() {
        return index;
    }

    /** Returns this backend's lease stream, or null when its pool does not balance by lease. */
    public LeaseLink lease() {
        return lease;
    }

    /**
     * Returns an idle pooled connection on {@code loop}, or null if there is none. Must be called on
     * {@code loop}.
     */
    public Channel pooled(EventLoop loop) {
        ArrayDeque<Channel> channels = idle.get(loop);
        while (channels != null && !channels.isEmpty()) {
            Channel channel = channels.pollLast(); // the most recently used is the least likely closed
            if (UpstreamHandler.of(channel).reusable()) {
                return channel;
            }
            channel.close(); // closed by the backend, or it sent bytes while idle
        }
        return null;
    }

    /** Opens a new connection on {@code loop}; its handler is {@link UpstreamHandler}. */
    public ChannelFuture connect(EventLoop loop) {
        return bootstrap.clone(loop).connect(address);
    }

    /**
     * Puts a connection whose exchange ended at a clean boundary back in its loop's pool; only
     * {@link UpstreamHandler#finish} decides that. Call on its loop.
     */
    void release(Channel channel) {
        idle.computeIfAbsent(channel.eventLoop(), loop -> new ArrayDeque<>()).addLast(channel);
    }

    /** Forgets a pooled connection that closed or went idle. Call on its loop. */
    void forget(Channel channel) {
        ArrayDeque<Channel> channels = idle.get(channel.eventLoop());
        if (channels != null) {
            channels.remove(channel);
        }
    }

    @Override
    public String toString() {
        return address.getHostString() + ":" + address.getPort();
    }
}
