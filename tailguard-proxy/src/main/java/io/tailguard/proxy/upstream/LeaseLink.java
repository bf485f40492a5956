package io.tailguard.proxy.upstream;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.tailguard.lease.LeaseFrame;
import io.tailguard.lease.LeaseView;
import io.tailguard.path.DecisionPath;
import io.tailguard.lease.LeaseWire;
import io.tailguard.time.NanoClock;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Thread-safe: the proxy's end of one backend's lease stream ({@code docs/leases.md}). It keeps a
 * {@code GET /.well-known/tailguard/lease} open to the backend, hands each lease to its pool's
 * decision path (whose core {@link LeaseView} the balancer reads and counts each request sent under),
 * and stamps the session id on every request sent there.
 * When the stream ends (the backend stopped or restarted) the lease is forgotten at once
 * (availability 0) and the stream is opened again, 50 ms later at first, backing off to 1 s.
 * The requester never rejects: a request sent with no lease goes without an id and the backend
 * decides.
 */
public final class LeaseLink {

    private static final long FIRST_RETRY_MILLIS = 50L;
    private static final long MAX_RETRY_MILLIS = 1_000L;

    private final InetSocketAddress address;
    private final EventLoop loop;
    private final Transport transport;
    private final NanoClock clock;
    private final Duration connectTimeout;
    private final Consumer<Boolean> events;
    private final DecisionPath<?> path;
    private final int index;
    private final CountDownLatch firstLease = new CountDownLatch(1);
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong sentUnderLease = new AtomicLong();
    private volatile String id;
    private volatile boolean closed;
    private volatile Channel channel;
    private long retryMillis = FIRST_RETRY_MILLIS;

    /**
     * Creates the link of backend {@code index} of {@code path}'s pool; {@code events} hears true for
     * each lease received and false when the stream ends.
     */
    public LeaseLink(InetSocketAddress address, EventLoop loop, Transport transport, NanoClock clock,
                     Duration connectTimeout, Consumer<Boolean> events, DecisionPath<?> path, int index) {
        this.events = events;
        this.path = path;
        this.index = index;
        this.address = address;
        this.loop = loop;
        this.transport = transport;
        this.clock = clock;
        this.connectTimeout = connectTimeout;
    }

    /** Opens the stream; leases arrive on the link's event loop from then on. */
    public void start() {
        loop.execute(this::connect);
    }

    /** Waits up to {@code timeout} for the first lease; true if it came. */
    public boolean awaitFirstLease(Duration timeout) throws InterruptedException {
        return firstLease.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Marks a request as sent under the current lease: its id goes in the headers (the path counted it when it chose). */
    void stamp(HttpHeaders headers) {
        String session = id;
        if (session != null) {
            headers.set(LeaseWire.LEASE_ID, session);
            sentUnderLease.incrementAndGet();
        } else {
            // Hedge attempts share one head: another backend's id must not stay on it.
            headers.remove(LeaseWire.LEASE_ID);
        }
    }

    private LeaseView view() {
        return path.lease(index);
    }

    /** The backend's lease availability now: remaining / allowed, 0 once expired. */
    public double availabilityNow() {
        return view().availability(clock.nanoTime());
    }

    /** The requests the current lease allows. */
    public int allowed() {
        return view().allowed();
    }

    /** The requests the current lease still allows now. */
    public int remaining() {
        return view().remaining(clock.nanoTime());
    }

    /** The leases received on this stream so far. */
    public long leasesReceived() {
        return received.get();
    }

    /** The requests sent to the backend with a lease id so far. */
    public long sentUnderLease() {
        return sentUnderLease.get();
    }

    /** True from the stream's first lease until the stream ends. */
    public boolean streamOpen() {
        return id != null;
    }

    /** Closes the stream for good. */
    public void close() {
        closed = true;
        Channel open = channel;
        if (open != null) {
            open.close();
        }
    }

    private void connect() {
        if (closed) {
            return;
        }
        Bootstrap bootstrap = new Bootstrap().group(loop).channel(transport.clientChannel())
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, connectTimeout.toMillis()))
                .handler(new ChannelInitializer<Channel>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        ch.pipeline().addLast(new HttpClientCodec(), new StreamReader());
                    }
                });
        bootstrap.connect(address).addListener((ChannelFuture connected) -> {
            if (!connected.isSuccess()) {
                retryLater();
                return;
            }
            channel = connected.channel();
            if (closed) {
                channel.close();
                return;
            }
            channel.closeFuture().addListener(gone -> lost());
            DefaultFullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.GET,
                    LeaseWire.STREAM_PATH);
            request.headers().set(HttpHeaderNames.HOST, address.getHostString() + ":" + address.getPort())
                    .set(HttpHeaderNames.ACCEPT, LeaseWire.STREAM_CONTENT_TYPE);
            channel.writeAndFlush(request);
        });
    }

    private void lost() {
        id = null;
        path.leaseLost(index);
        events.accept(false);
        retryLater();
    }

    private void retryLater() {
        if (closed) {
            return;
        }
        long delay = retryMillis;
        retryMillis = Math.min(MAX_RETRY_MILLIS, retryMillis * 2);
        loop.schedule(this::connect, delay, TimeUnit.MILLISECONDS);
    }

    private void onLine(String line) {
        if (line.isBlank()) {
            return;
        }
        LeaseFrame frame;
        try {
            frame = LeaseFrame.parse(line);
        } catch (IllegalArgumentException malformed) {
            return; // a line this version cannot read grants nothing; the next lease may
        }
        path.leaseGranted(index, frame.lease(), clock.nanoTime());
        id = frame.id();
        received.incrementAndGet();
        retryMillis = FIRST_RETRY_MILLIS;
        firstLease.countDown();
        events.accept(true);
    }

    /** Not thread-safe (one stream channel): splits the stream's chunks into lines. */
    private final class StreamReader extends SimpleChannelInboundHandler<HttpObject> {
        private final StringBuilder pending = new StringBuilder();

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, HttpObject message) {
            if (message instanceof HttpResponse response && !response.status().equals(HttpResponseStatus.OK)) {
                ctx.close(); // the backend does not speak leases (yet): ask again later
                return;
            }
            if (message instanceof HttpContent content) {
                pending.append(content.content().toString(StandardCharsets.US_ASCII));
                int newline;
                while ((newline = pending.indexOf("\n")) >= 0) {
                    onLine(pending.substring(0, newline));
                    pending.delete(0, newline + 1);
                }
                if (message instanceof LastHttpContent) {
                    ctx.close();
                }
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }

    @Override
    public String toString() {
        return "LeaseLink[" + address + ", " + view() + "]";
    }
}
