package io.tailguard.servlet.example;

import io.micrometer.core.instrument.Tags;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.tailguard.limit.ConcurrencyLimiter;
import io.tailguard.micrometer.AdmissionMetrics;
import io.tailguard.micrometer.ConcurrencyLimiterMetrics;
import io.tailguard.micrometer.QueueMetrics;
import io.tailguard.micrometer.TokenBucketMetrics;
import io.tailguard.queue.BoundedQueueConfig;
import io.tailguard.rate.TokenBucketConfig;
import io.tailguard.servlet.PartitionKey;
import io.tailguard.servlet.TailguardFilter;
import io.tailguard.time.NanoClock;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.EnumSet;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/** A Jetty 12 service protected by tailguard, its policies' metrics on /metrics in Prometheus format. */
public final class ProtectedJettyService {

    public static void main(String[] args) throws Exception {
        start(8080, new PrometheusMeterRegistry(PrometheusConfig.DEFAULT)).join();
    }

    /** Starts the service on 127.0.0.1:{@code port} (0 picks a free port). */
    public static Server start(int port, PrometheusMeterRegistry registry) throws Exception {
        TailguardFilter filter = TailguardFilter.builder()
                .rate(TokenBucketConfig.of(500, 500, Duration.ofSeconds(1)))     // 429 beyond 500/s
                .limiter(ConcurrencyLimiter.fixed(64))                           // 64 requests at once
                .queue(BoundedQueueConfig.fifo(128, Duration.ofMillis(200)))     // then wait up to 200 ms
                .partitionBy(PartitionKey.header("X-Tenant"))
                .partitionLimit("batch", 8)                                      // batch jobs: 8 at once
                .build();
        Tags api = Tags.of("name", "api");
        new AdmissionMetrics(filter.counts(), api).bindTo(registry);
        new ConcurrencyLimiterMetrics(filter.limiter(), api).bindTo(registry);
        new QueueMetrics(filter.queue(), NanoClock.system(), api).bindTo(registry);
        new TokenBucketMetrics(filter.rateGate(), NanoClock.system(), api).bindTo(registry);

        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(port);
        server.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        FilterHolder guard = new FilterHolder(filter);
        guard.setAsyncSupported(true); // a queued request comes back through an async dispatch
        context.addFilter(guard, "/api/*", EnumSet.of(DispatcherType.REQUEST, DispatcherType.ASYNC));
        context.addServlet(new ServletHolder(new HttpServlet() {
            @Override
            protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                response.getWriter().write("hello");
            }
        }), "/api/hello");
        context.addServlet(new ServletHolder(new HttpServlet() {
            @Override
            protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                response.setContentType("text/plain; version=0.0.4");
                response.getWriter().write(registry.scrape());
            }
        }), "/metrics");
        server.setHandler(context);
        server.start();
        return server;
    }
}
