package io.tailguard.proxy;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.netty.util.internal.SystemPropertyUtil;
import io.netty.util.internal.logging.InternalLoggerFactory;
import io.netty.util.internal.logging.JdkLoggerFactory;
import io.tailguard.proxy.client.ClientHandler;
import io.tailguard.proxy.client.ConnectionSlots;
import io.tailguard.proxy.client.FirstBytes;
import io.tailguard.proxy.client.StrictRequestDecoder;
import io.tailguard.proxy.config.PoolConfig;
import io.tailguard.proxy.config.ProxyConfig;
import io.tailguard.proxy.config.RouteConfig;
import io.tailguard.proxy.ops.AccessLog;
import io.tailguard.proxy.ops.AdminHandler;
import io.tailguard.proxy.ops.ProxyMetrics;
import io.tailguard.proxy.upstream.Transport;
import io.tailguard.time.NanoClock;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Thread-safe: a running tailguard proxy. {@link #start} binds the client and admin listeners and
 * returns once both accept connections; {@link #drain} stops taking requests and lets those in
 * flight finish; {@link #close} stops everything at once.
 *
 * <pre>{@code
 * ProxyConfig config = ProxyConfig.single(new InetSocketAddress("127.0.0.1", 0),
 *         new InetSocketAddress("127.0.0.1", 9292), 1, 2, Duration.ofSeconds(10));
 * try (ProxyServer proxy = ProxyServer.start(config)) {
 *     System.out.println("listening on " + proxy.boundAddress());
 * }
 * }</pre>
 */
public final class ProxyServer implements AutoCloseable {

    static {
        // From JDK 24 on, sun.misc.Unsafe's memory methods print a deprecation warning on first use;
        // Netty 4.1 works without them, so it is told not to use them there unless the user chose.
        if (Runtime.version().feature() >= 24 && System.getProperty("io.netty.noUnsafe") == null) {
            System.setProperty("io.netty.noUnsafe", "true");
        }
        // Netty and Micrometer would pick up the SLF4J API (without a binding) that another library
        // brings into the runnable jar and print its warning; java.util.logging is always there.
        InternalLoggerFactory.setDefaultFactory(JdkLoggerFactory.INSTANCE);
        io.micrometer.common.util.internal.logging.InternalLoggerFactory.setDefaultFactory(
                io.micrometer.common.util.internal.logging.JdkLoggerFactory.INSTANCE);
    }

    private final ProxyContext context;
    private final EventLoopGroup boss;
    private final EventLoopGroup workers;
    private final ChannelGroup clients = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
    private final Channel listener;
    private final Channel admin;
    private final List<Pool> pools;

    private ProxyServer(ProxyContext context, Transport transport, InetSocketAddress listen,
                        InetSocketAddress adminAddress, List<Pool> pools, int eventLoops) {
        this.context = context;
        this.pools = List.copyOf(pools);
        this.boss = transport.group(1);
        this.workers = transport.group(eventLoops);
        try {
            this.listener = bind(transport, listen, clientInitializer(), "listen");
            this.admin = bind(transport, adminAddress, adminInitializer(), "admin");
        } catch (RuntimeException failed) {
            shutdownGroups();
            this.pools.forEach(Pool::close);
            context.metrics().close();
            throw failed;
        }
    }

    /**
     * Returns the number of event loops serving connections: Netty's {@code io.netty.eventLoopThreads}
     * property when set, else one per processor (at least two).
     */
    static int eventLoops() {
        int threads = SystemPropertyUtil.getInt("io.netty.eventLoopThreads", 0);
        return threads > 0 ? threads : Math.max(2, Runtime.getRuntime().availableProcessors());
    }

    /** Starts a proxy on the system clock. */
    public static ProxyServer start(ProxyConfig config) {
        return start(config, NanoClock.system());
    }

    /**
     * Starts a proxy whose policies read {@code clock}; timers (queue, response, idle) still run on
     * real time. Throws {@link ProxyStartException} with a one-line message if a listener cannot bind
     * or the access log cannot be opened.
     */
    public static ProxyServer start(ProxyConfig config, NanoClock clock) {
        AccessLog accessLog;
        try {
            accessLog = AccessLog.open(config.accessLog());
        } catch (IOException e) {
            throw new ProxyStartException("access-log must be a writable file, stdout, stderr or off but was "
                    + config.accessLog() + " (" + e.getMessage() + ")");
        }
        return start(config, clock, accessLog);
    }

    /** Starts a proxy writing its access log to {@code accessLog} (tests read it). */
    static ProxyServer start(ProxyConfig config, NanoClock clock, AccessLog accessLog) {
        return start(config, clock, accessLog, eventLoops());
    }

    /** Starts a proxy on {@code eventLoops} event loops (a test puts connections on one loop). */
    static ProxyServer start(ProxyConfig config, NanoClock clock, AccessLog accessLog, int eventLoops) {
        ProxyMetrics metrics = new ProxyMetrics();
        Transport transport = Transport.best();
        Map<String, Pool> pools = new HashMap<>();
        for (PoolConfig pool : config.pools()) {
            pools.put(pool.name(), new Pool(pool, transport, clock, metrics));
        }
        List<Route> routes = new ArrayList<>();
        for (int i = 0; i < config.routes().size(); i++) {
            RouteConfig route = config.routes().get(i);
            routes.add(Route.create(route, i, pools.get(route.pool()), clock.nanoTime(), metrics.clientLatency(route)));
        }
        return new ProxyServer(new ProxyContext(config, routes, clock, metrics, accessLog), transport,
                config.listen(), config.admin(), new ArrayList<>(pools.values()), eventLoops);
    }

    /** Returns the address the client listener is bound to (with the real port when 0 was asked). */
    public InetSocketAddress boundAddress() {
        return (InetSocketAddress) listener.localAddress();
    }

    /** Returns the meters and their event listeners (tests wait on events instead of sleeping). */
    ProxyMetrics metrics() {
        return context.metrics();
    }

    /** Returns the event loops serving connections (a test occupies one to order events). */
    EventLoopGroup workers() {
        return workers;
    }

    /** Returns the address of the admin listener. */
    public InetSocketAddress adminAddress() {
        return (InetSocketAddress) admin.localAddress();
    }

    /**
     * Stops accepting connections and requests, closes idle client connections, and waits up to
     * {@code grace} for the requests in flight to finish; returns true if they all did. The listening
     * socket closes first, so a new connection is refused by the kernel; every request already read
     * gets an answer: its own, or {@code 503 draining} with {@code Connection: close} for one whose
     * head was still arriving.
     */
    public boolean drain(Duration grace) throws InterruptedException {
        context.startDraining();
        listener.close().sync();
        for (Channel client : clients) {
            client.eventLoop().execute(() -> {
                ClientHandler handler = client.pipeline().get(ClientHandler.class);
                if (handler != null) {
                    handler.closeIfIdle();
                }
            });
        }
        return clients.newCloseFuture().await(grace.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** True if a client connection has request bytes the proxy read and not yet answered (tests). */
    boolean readingRequest() {
        for (Channel client : clients) {
            ClientHandler handler = client.pipeline().get(ClientHandler.class);
            if (handler != null && handler.idleSinceNanos() == ClientHandler.NOT_IDLE) {
                return true;
            }
        }
        return false;
    }

    /** Closes every listener and connection at once and stops the event loops. */
    @Override
    public void close() {
        context.startDraining();
        listener.close().syncUninterruptibly();
        admin.close().syncUninterruptibly();
        clients.close().syncUninterruptibly();
        shutdownGroups();
        pools.forEach(Pool::close);
        context.accessLog().close();
        context.metrics().close();
    }

    private void shutdownGroups() {
        boss.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        workers.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private Channel bind(Transport transport, InetSocketAddress address, ChannelInitializer<Channel> initializer,
                         String key) {
        ServerBootstrap bootstrap = new ServerBootstrap()
                .group(boss, workers)
                .channel(transport.serverChannel())
                .option(ChannelOption.SO_BACKLOG, 1024)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(initializer);
        try {
            return bootstrap.bind(address).sync().channel();
        } catch (Exception e) {
            throw new ProxyStartException(key + " must be an address this host can listen on but was "
                    + address.getHostString() + ":" + address.getPort() + " (" + e.getMessage() + ")");
        }
    }

    private ChannelInitializer<Channel> clientInitializer() {
        ConnectionSlots slots = context.slots();
        return new ChannelInitializer<>() {
            @Override
            protected void initChannel(Channel channel) {
                if (context.draining()) {
                    // accepted just before the listener closed, and after drain's pass over the idle ones
                    channel.close();
                    return;
                }
                ClientHandler handler = new ClientHandler(context);
                if (!slots.open(handler)) {
                    context.metrics().rejected("-", "connection_limit");
                    channel.close();
                    return;
                }
                channel.closeFuture().addListener(closed -> slots.closed(handler));
                clients.add(channel);
                channel.config().setAutoRead(false);
                channel.pipeline().addLast(new FirstBytes(handler), new StrictRequestDecoder(context.limits()),
                        new HttpResponseEncoder(), handler);
            }
        };
    }

    private ChannelInitializer<Channel> adminInitializer() {
        return new ChannelInitializer<>() {
            @Override
            protected void initChannel(Channel channel) {
                channel.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(8192),
                        new AdminHandler(context));
            }
        };
    }
}
