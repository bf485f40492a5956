package io.tailguard.load.backend;

import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.tailguard.config.Check;
import io.tailguard.sim.path.BackendModel;
import io.tailguard.sim.path.WorkerLine;
import io.tailguard.time.NanoClock;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;

/**
 * Thread-safe: the backend of {@code tailguard backend --service}, an HTTP/1.1 server whose
 * requests are served by the {@link WorkerLine} the simulator's backends use: {@code workers} at
 * once, each for a time drawn from the description's distribution (plus its slowdown) with a
 * seeded generator, the rest waiting in a FIFO line. Service times are timers, not busy CPU, so a
 * loopback experiment's cores stay free for the proxy and the load. Answers {@code 200} with the
 * server's address as body. Connection refusals ({@code refused=}) are the simulator's alone.
 */
public final class ServiceBackend implements AutoCloseable {

    private final EventLoopGroup group;
    private final Channel server;
    private final WorkerLine<ServiceHandler.Job> line;
    private final AtomicLong served = new AtomicLong();
    private final AtomicLong lateNanos = new AtomicLong();
    /** The server's address, written once it is bound. */
    private volatile byte[] body = new byte[0];

    private ServiceBackend(InetSocketAddress listen, BackendModel model, NanoClock clock, RandomGenerator random) {
        // one loop: the backend reads a request and sets a timer; the work is the timer's wait
        this.group = HttpListener.group(1, "tailguard-service-backend");
        this.line = new WorkerLine<>(model, new EventLoopScheduler(group.next(), clock), random, (job, nanos, late) -> {
            served.incrementAndGet();
            lateNanos.addAndGet(late);
            ServiceHandler.answer(job, body);
        });
        this.server = HttpListener.bind(group, listen, () -> new ServiceHandler(line));
        InetSocketAddress bound = (InetSocketAddress) server.localAddress();
        body = (bound.getHostString() + ":" + bound.getPort() + "\n").getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Starts a backend on {@code listen} (port 0: a free one) serving as {@code model} says.
     *
     * @param random draws the service times; seed it for a repeatable run
     */
    public static ServiceBackend start(InetSocketAddress listen, BackendModel model, NanoClock clock,
                                       RandomGenerator random) {
        Check.notNull("model", model);
        if (model.refusedShare() > 0.0) {
            throw new IllegalArgumentException("--service refused must be 0 for a live backend (the simulator "
                    + "alone refuses connections) but was " + model.refusedShare());
        }
        return new ServiceBackend(Check.notNull("listen", listen), model, Check.notNull("clock", clock),
                Check.notNull("random", random));
    }

    /** Returns the bound address. */
    public InetSocketAddress address() {
        return (InetSocketAddress) server.localAddress();
    }

    /** Returns what this backend has served so far and what its line holds now. */
    public ServiceStats stats() {
        return new ServiceStats(served.get(), lateNanos.get(), line.stats());
    }

    /** Closes the listener and every connection. */
    @Override
    public void close() {
        HttpListener.close(server, group);
    }
}
