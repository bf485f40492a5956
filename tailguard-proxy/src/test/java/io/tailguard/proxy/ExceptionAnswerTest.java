package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.util.ReferenceCountUtil;
import io.tailguard.proxy.client.ClientHandler;
import io.tailguard.proxy.client.FirstBytes;
import io.tailguard.proxy.client.StrictRequestDecoder;
import io.tailguard.proxy.config.ProxyConfig;
import io.tailguard.proxy.config.RouteConfig;
import io.tailguard.proxy.ops.AccessLog;
import io.tailguard.proxy.ops.ProxyMetrics;
import io.tailguard.proxy.upstream.Transport;
import io.tailguard.time.NanoClock;
import java.io.ByteArrayOutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An exception that reaches the client handler's {@code exceptionCaught} while an answer is still
 * possible: the client gets 400 (no request in progress) or 502 (one in progress), then a close, and
 * the access log has a line naming it. The exception is injected by a handler that sits in front of
 * the client handler in a pipeline built like the proxy's.
 */
class ExceptionAnswerTest {

    /** Fails the pipeline at the head of a request that asks for it, or at the first body bytes of one. */
    private static final class Thrower extends ChannelInboundHandlerAdapter {
        private boolean atBody;

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof HttpRequest request && request.headers().contains("X-Fail")) {
                if (request.headers().get("X-Fail").equals("head")) {
                    ReferenceCountUtil.release(msg);
                    ctx.fireExceptionCaught(new IllegalStateException("injected at the head"));
                    return;
                }
                atBody = true;
            } else if (msg instanceof HttpContent && atBody) {
                atBody = false;
                ReferenceCountUtil.release(msg);
                ctx.fireExceptionCaught(new IllegalStateException("injected in the body"));
                return;
            }
            ctx.fireChannelRead(msg);
        }
    }

    private final ByteArrayOutputStream log = new ByteArrayOutputStream();
    private EventLoopGroup group;
    private Channel listener;
    private Pool pool;

    @BeforeEach
    void start() throws Exception {
        // The pool's backend is never reached: every request here fails before it is admitted.
        ProxyConfig config = Configs.single(new InetSocketAddress("127.0.0.1", 9), 1, 0, Duration.ofSeconds(1));
        Transport transport = Transport.best();
        NanoClock clock = NanoClock.system();
        ProxyMetrics metrics = new ProxyMetrics();
        pool = new Pool(config.pools().get(0), transport, clock, metrics);
        List<Route> routes = new ArrayList<>();
        for (int i = 0; i < config.routes().size(); i++) {
            RouteConfig route = config.routes().get(i);
            routes.add(Route.create(route, i, pool, clock.nanoTime(), metrics.clientLatency(route)));
        }
        ProxyContext context = new ProxyContext(config, routes, clock, metrics, AccessLog.to(log));
        group = transport.group(1);
        listener = new ServerBootstrap().group(group).channel(transport.serverChannel())
                .childHandler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel channel) {
                        ClientHandler handler = new ClientHandler(context);
                        channel.config().setAutoRead(false);
                        channel.pipeline().addLast(new FirstBytes(handler), new StrictRequestDecoder(context.limits()),
                                new HttpResponseEncoder(), new Thrower(), handler);
                    }
                })
                .bind(new InetSocketAddress("127.0.0.1", 0)).sync().channel();
    }

    @AfterEach
    void stop() {
        listener.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        pool.close();
    }

    private String logText() {
        return log.toString(StandardCharsets.UTF_8);
    }

    @Test
    void anExceptionWithNoRequestInProgressIsA400AndALogLine() throws Exception {
        try (RawClient client = new RawClient((InetSocketAddress) listener.localAddress())) {
            RawClient.Response response = client.send("GET /a HTTP/1.1\r\nHost: t\r\nX-Fail: head\r\n\r\n").read();
            assertThat(response.status()).isEqualTo(400);
            assertThat(response.header("X-Tailguard-Reason")).isEqualTo("proxy_error");
            assertThat(response.header("Connection")).isEqualTo("close");
            assertThat(client.closedInOrder()).isTrue();
        }
        assertThat(logText()).contains("status=400 reason=proxy_error");
    }

    @Test
    void anExceptionWhileARequestIsInProgressIsA502AndALogLine() throws Exception {
        try (RawClient client = new RawClient((InetSocketAddress) listener.localAddress())) {
            RawClient.Response response = client.send(
                    "POST /b HTTP/1.1\r\nHost: t\r\nX-Fail: body\r\nContent-Length: 5\r\n\r\nhello").read();
            assertThat(response.status()).isEqualTo(502);
            assertThat(response.header("X-Tailguard-Reason")).isEqualTo("proxy_error");
            assertThat(response.header("Connection")).isEqualTo("close");
            assertThat(client.closedByServer()).isTrue();
        }
        assertThat(logText()).contains("method=POST uri=/b status=502 reason=proxy_error");
    }
}
