package io.tailguard.servlet;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * Not thread-safe test fixture: a real Jetty 12 on 127.0.0.1, port 0, with a filter in front of
 * three servlets: {@code /ok} answers at once, {@code /block} holds its thread until the test lets
 * it go, {@code /async} parks its request in async mode until the test completes it.
 */
final class JettyFixture implements AutoCloseable {

    final Server server = new Server();
    final HttpClient client = HttpClient.newHttpClient();
    /** One permit released per /block request the test lets go. */
    final Semaphore unblock = new Semaphore(0);
    /** The path of each /block request as it enters the servlet. */
    final BlockingQueue<String> entered = new LinkedBlockingQueue<>();
    /** The async contexts of /async requests, in arrival order. */
    final BlockingQueue<AsyncContext> parked = new LinkedBlockingQueue<>();
    private final List<AsyncContext> taken = new ArrayList<>();
    private final int port;

    JettyFixture(jakarta.servlet.Filter filter) throws Exception {
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        FilterHolder holder = new FilterHolder(filter);
        holder.setAsyncSupported(true);
        context.addFilter(holder, "/*", EnumSet.of(DispatcherType.REQUEST, DispatcherType.ASYNC));
        context.addServlet(new ServletHolder(new HttpServlet() {
            @Override
            protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                response.getWriter().write("ok");
            }
        }), "/ok");
        context.addServlet(new ServletHolder(new HttpServlet() {
            @Override
            protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
                entered.add(request.getRequestURI());
                try {
                    if (!unblock.tryAcquire(30, TimeUnit.SECONDS)) {
                        response.setStatus(500);
                        return;
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                response.getWriter().write("done");
            }
        }), "/block");
        ServletHolder async = new ServletHolder(new HttpServlet() {
            @Override
            protected void doGet(HttpServletRequest request, HttpServletResponse response) {
                AsyncContext context = request.startAsync();
                context.setTimeout(0);
                parked.add(context);
            }
        });
        async.setAsyncSupported(true);
        context.addServlet(async, "/async");
        ServletHolder fail = new ServletHolder(new HttpServlet() {
            @Override
            protected void doGet(HttpServletRequest request, HttpServletResponse response) {
                throw new IllegalStateException("the application failed");
            }
        });
        context.addServlet(fail, "/fail");
        server.setHandler(context);
        server.start();
        this.port = connector.getLocalPort();
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    HttpResponse<String> get(String path, String... headers) throws Exception {
        return send(path, headers).get(30, TimeUnit.SECONDS);
    }

    CompletableFuture<HttpResponse<String>> send(String path, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path));
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return client.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Waits until a /block request is inside the servlet. */
    void awaitEntered() throws InterruptedException {
        if (entered.poll(30, TimeUnit.SECONDS) == null) {
            throw new AssertionError("no request entered /block within 30 s");
        }
    }

    /** Waits until an /async request has parked, and returns its context. */
    AsyncContext awaitParked() throws InterruptedException {
        AsyncContext context = parked.poll(30, TimeUnit.SECONDS);
        if (context == null) {
            throw new AssertionError("no request parked in /async within 30 s");
        }
        taken.add(context);
        return context;
    }

    /** Returns the contexts {@link #awaitParked} returned so far, in order. */
    List<AsyncContext> parkedContexts() {
        return taken;
    }

    @Override
    public void close() throws Exception {
        unblock.release(1_000);
        server.stop();
    }
}
