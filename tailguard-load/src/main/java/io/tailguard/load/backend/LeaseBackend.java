package io.tailguard.load.backend;

import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.tailguard.config.Check;
import io.tailguard.lease.LeaseResponder;
import io.tailguard.sim.service.DelayTable;
import io.tailguard.sim.service.SaturableService;
import io.tailguard.time.NanoClock;
import io.tailguard.time.Scheduler;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;

/**
 * Thread-safe: the test backend of {@code tailguard backend}, an HTTP/1.1 responder of the lease
 * protocol ({@code docs/leases.md}) in front of the RSocket demo's {@link SaturableService}. Every
 * requester that opens the lease stream gets its own session and leases from {@code policy};
 * requests are checked against their session's lease before the service sees them, and a refused
 * request costs the service nothing. Answers {@code 200} with the server's address as body.
 */
public final class LeaseBackend implements AutoCloseable {

    private static final long WINDOW_NANOS = 1_000_000_000L;

    private final EventLoopGroup group;
    private final Channel server;
    private final LeaseResponder responder;
    private final AtomicLong accepted = new AtomicLong();
    private final AtomicLong rejected = new AtomicLong();
    private final Object sessionsChanged = new Object();
    private final NanoClock clock;

    private LeaseBackend(InetSocketAddress listen, DelayTable table, LeasePolicy policy, NanoClock clock,
                         Scheduler scheduler, RandomGenerator random) {
        this.clock = clock;
        this.responder = new LeaseResponder(scheduler, policy.senders(), random);
        SaturableService service = new SaturableService(table, WINDOW_NANOS, random);
        // epoll's timers matter here: NIO's millisecond lateness is what an adaptive sender with a
        // 20 ms target would read as the service being late
        this.group = HttpListener.group(Math.max(2, Runtime.getRuntime().availableProcessors()), "tailguard-backend");
        try {
            this.server = HttpListener.bind(group, listen,
                    () -> new BackendHandler(responder, service, clock, LeaseBackend.this));
        } catch (RuntimeException e) {
            responder.close();
            throw e;
        }
    }

    /**
     * Starts a backend on {@code listen} (port 0: a free one).
     *
     * @param scheduler grants the leases (the system scheduler outside tests)
     * @param random    draws service delays and the session-id prefix
     */
    public static LeaseBackend start(InetSocketAddress listen, DelayTable table, LeasePolicy policy,
                                     NanoClock clock, Scheduler scheduler, RandomGenerator random) {
        return new LeaseBackend(Check.notNull("listen", listen), Check.notNull("table", table),
                Check.notNull("policy", policy), Check.notNull("clock", clock), Check.notNull("scheduler", scheduler),
                Check.notNull("random", random));
    }

    /** Returns the bound address. */
    public InetSocketAddress address() {
        return (InetSocketAddress) server.localAddress();
    }

    /** Returns the requests admitted so far (served or being served). */
    public long accepted() {
        return accepted.get();
    }

    /** Returns the requests refused over a lease so far. */
    public long rejected() {
        return rejected.get();
    }

    /** Returns the requesters with an open lease stream. */
    public int openSessions() {
        return responder.openSessions();
    }

    /**
     * Waits until at least {@code count} requesters hold an open lease stream, or {@code timeout}
     * passed; returns whether they do.
     */
    public boolean awaitOpenSessions(int count, Duration timeout) throws InterruptedException {
        long deadline = clock.nanoTime() + timeout.toNanos();
        synchronized (sessionsChanged) {
            while (responder.openSessions() < count) {
                long leftNanos = deadline - clock.nanoTime();
                if (leftNanos <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(sessionsChanged, leftNanos);
            }
            return true;
        }
    }

    void onSessionOpened() {
        synchronized (sessionsChanged) {
            sessionsChanged.notifyAll();
        }
    }

    void onAccepted() {
        accepted.incrementAndGet();
    }

    void onRejected() {
        rejected.incrementAndGet();
    }

    /** Closes the listener, every connection (lease streams included) and the sessions. */
    @Override
    public void close() {
        HttpListener.close(server, group);
        responder.close();
    }
}
