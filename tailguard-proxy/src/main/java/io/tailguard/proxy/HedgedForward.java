package io.tailguard.proxy;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.tailguard.hedge.HedgeResult;
import io.tailguard.hedge.Hedger;
import java.io.IOException;
import java.net.ConnectException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Not thread-safe (confined to the exchange's event loop; the hedger's callbacks hop onto it): a
 * bodiless idempotent request sent through the core {@link Hedger}. Attempt 1 uses the permit the
 * request was admitted with; a later attempt goes to another backend with a free permit (never the
 * queue). The first response head wins; every other attempt is abandoned: its backend connection is
 * closed and its permit released. When the client leaves, each attempt whose request reached its
 * backend is handed to a {@link Departure} instead, as a plain forward's is: that backend may still be
 * working on it.
 */
final class HedgedForward {

    private final Exchange exchange;
    private final EventLoop loop;
    private final Pool pool;
    private final HttpRequest outgoing;
    private final List<Attempt> attempts = new ArrayList<>(2);
    private final Set<Backend> used = new HashSet<>();
    private Assignment first;
    private CompletableFuture<HedgeResult<Attempt>> call;
    private boolean over;

    HedgedForward(Exchange exchange, EventLoop loop, Pool pool, HttpRequest outgoing) {
        this.exchange = exchange;
        this.loop = loop;
        this.pool = pool;
        this.outgoing = outgoing;
    }

    void start(Assignment granted, Hedger hedger) {
        first = granted;
        call = hedger.call(this::nextAttempt);
        call.whenComplete((result, error) -> loop.execute(() -> finished(result, error)));
    }

    /** Called by the hedger, on any thread: starts one attempt on the loop. */
    private CompletableFuture<Attempt> nextAttempt() {
        CompletableFuture<Attempt> future = new CompletableFuture<>();
        loop.execute(() -> launch(future));
        return future;
    }

    private void launch(CompletableFuture<Attempt> future) {
        if (future.isDone() || over) {
            return;
        }
        Assignment assignment;
        if (first != null) {
            assignment = first;
            first = null;
        } else {
            assignment = pool.tryAssignExcept(used);
            if (assignment == null) {
                future.completeExceptionally(new IOException("no other backend has a free permit"));
                return;
            }
            exchange.metrics().hedged(pool);
        }
        used.add(assignment.backend());
        Attempt attempt = new Attempt(assignment, future);
        attempts.add(attempt);
        future.whenComplete((value, error) -> {
            if (error != null) {
                loop.execute(attempt::abandon);
            }
        });
        attempt.connect();
    }

    private void finished(HedgeResult<Attempt> result, Throwable error) {
        over = true;
        Attempt winner = result == null ? null : result.value();
        for (Attempt attempt : attempts) {
            if (attempt != winner) {
                attempt.abandon();
            }
        }
        if (winner != null && !winner.abandoned) {
            exchange.adopt(winner.assignment, winner.channel, winner.head, winner.early, winner.sentNanos);
        } else if (!exchange.done()) {
            exchange.hedgeFailed(error);
        }
    }

    /** The exchange ended first (a client-side error): abandon every attempt. */
    void cancel() {
        end(false);
    }

    /**
     * The client left: every attempt whose request reached its backend keeps its permit until that
     * backend is done (hold-permit-on-departure); the others are abandoned.
     */
    void clientLeft() {
        end(true);
    }

    private void end(boolean departed) {
        over = true;
        if (first != null) {
            pool.complete(first, Outcome.IGNORED);
            first = null;
        }
        // The hedger's cancellations hop onto this loop, where they find every attempt already ended.
        for (Attempt attempt : attempts) {
            attempt.leave(departed);
        }
        if (call != null) {
            call.cancel(true);
        }
    }

    /** One attempt: a backend connection waiting for its response head. */
    private final class Attempt implements UpstreamLeg {
        private final Assignment assignment;
        private final CompletableFuture<Attempt> future;
        private final List<HttpContent> early = new ArrayList<>(1);
        private Channel channel;
        private HttpResponse head;
        private long sentNanos;
        private boolean abandoned;

        Attempt(Assignment assignment, CompletableFuture<Attempt> future) {
            this.assignment = assignment;
            this.future = future;
        }

        void connect() {
            Channel pooled = assignment.backend().pooled(loop);
            if (pooled != null) {
                send(pooled);
                return;
            }
            assignment.backend().connect(loop).addListener((ChannelFuture connected) -> {
                if (!connected.isSuccess()) {
                    if (connected.cause() instanceof ConnectException) {
                        assignment.backend().onRefused(pool.clock().nanoTime());
                    }
                    future.completeExceptionally(connected.cause());
                } else if (abandoned) {
                    connected.channel().close();
                } else {
                    assignment.backend().onConnected();
                    send(connected.channel());
                }
            });
        }

        private void send(Channel ready) {
            channel = ready;
            UpstreamHandler.of(ready).bind(this);
            sentNanos = pool.clock().nanoTime();
            ready.write(outgoing, ready.voidPromise()); // encoded at once, on this loop: attempts share the head
            ready.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT, ready.voidPromise());
            ready.read();
        }

        @Override
        public void onInterimResponse(HttpResponse interim) {
            // Dropped: only the winner's final answer reaches the client, and which attempt wins is not known yet.
        }

        @Override
        public void onMalformedResponse() {
            channel = null;
            exchange.metrics().upstreamError(pool, "upstream_malformed");
            future.completeExceptionally(new IOException("backend answered with a malformed response"));
        }

        @Override
        public void onResponseHead(HttpResponse response) {
            head = response;
            future.complete(this);
        }

        @Override
        public void onResponseContent(HttpContent content) {
            early.add(content); // read with the head; replayed if this attempt wins
        }

        @Override
        public void onUpstreamLost() {
            channel = null;
            future.completeExceptionally(new IOException("backend closed the connection before answering"));
        }

        @Override
        public void upstreamWritable() {
        }

        @Override
        public boolean wantsResponseBytes() {
            return head == null;
        }

        void abandon() {
            leave(false);
        }

        /**
         * Ends this attempt. Its permit is freed at once unless the client {@code departed} while the
         * backend has the request and has not answered it whole: then a {@link Departure} holds it.
         */
        void leave(boolean departed) {
            if (abandoned) {
                return;
            }
            abandoned = true;
            boolean answered = false;
            for (HttpContent content : early) {
                answered |= content instanceof LastHttpContent;
                ReferenceCountUtil.release(content);
            }
            early.clear();
            Channel connection = channel;
            channel = null;
            if (connection != null && departed && !answered
                    && Departure.hold(pool, assignment, connection, sentNanos)) {
                return;
            }
            if (connection != null) {
                UpstreamHandler.of(connection).unbind();
                connection.close();
            }
            pool.complete(assignment, Outcome.IGNORED);
        }
    }
}
