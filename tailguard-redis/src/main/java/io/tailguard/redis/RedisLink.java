package io.tailguard.redis;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * Thread-safe: one multiplexed Lettuce connection to Redis shared by any number of limits, with a
 * health state. The first failure (an error, a timeout, a lost connection) marks the link down;
 * while it is down, limits decide in their degraded mode without touching the network, and a
 * background thread tries to reconnect every {@code probeInterval} (a fresh connection and a
 * {@code PING}) until Redis answers. Lettuce's own reconnect is off and commands on a broken
 * connection fail at once, so no caller waits on a reconnect.
 */
public final class RedisLink implements AutoCloseable {

    private final RedisClient client;
    private final RedisURI uri;
    private final RedisLinkConfig config;
    private final long timeoutNanos;
    private final ScheduledThreadPoolExecutor prober;
    private final LongAdder failures = new LongAdder();
    private volatile StatefulRedisConnection<String, String> connection;
    private volatile RedisAsyncCommands<String, String> commands;
    private volatile String lastFailure = "not connected yet";

    private RedisLink(RedisURI uri, RedisLinkConfig config) {
        this.uri = uri;
        this.config = config;
        this.timeoutNanos = config.timeout().toNanos();
        this.client = RedisClient.create();
        client.setOptions(ClientOptions.builder()
                .autoReconnect(false)
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .socketOptions(SocketOptions.builder().connectTimeout(config.connectTimeout()).build())
                // no per-command expiry timer: callers bound their own wait, and a link that timed out
                // once sends nothing more until a probe succeeds, so a hung server cannot pile commands up
                .timeoutOptions(TimeoutOptions.builder().timeoutCommands(false).build())
                .build());
        this.prober = new ScheduledThreadPoolExecutor(1, runnable -> {
            Thread thread = new Thread(runnable, "tailguard-redis-probe");
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * Connects to {@code uri} ({@code redis://host:port[/db]}) once, then keeps the link healthy in
     * the background. A link whose first attempt fails is returned down ({@link #isUp()} false) and
     * keeps trying; limits on it decide in their degraded mode meanwhile.
     *
     * @throws IllegalArgumentException if {@code uri} is not a Redis URI
     */
    public static RedisLink connect(String uri, RedisLinkConfig config) {
        RedisURI parsed;
        try {
            parsed = RedisURI.create(uri);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("uri must be redis://host:port but was " + uri);
        }
        RedisLink link = new RedisLink(parsed, config);
        link.attempt();
        long probeNanos = config.probeInterval().toNanos();
        link.prober.scheduleWithFixedDelay(link::probe, probeNanos, probeNanos, TimeUnit.NANOSECONDS);
        return link;
    }

    /** Returns true while Redis answers; false from the first failure until a probe succeeds. */
    public boolean isUp() {
        return commands != null;
    }

    /** Returns why the link last went down (for logs and the CLI). */
    public String lastFailure() {
        return lastFailure;
    }

    /** Returns how many failures (errors, timeouts, lost connections) the link has seen. */
    public long failures() {
        return failures.sum();
    }

    /** Returns the longest a caller waits for Redis, in nanoseconds. */
    public long timeoutNanos() {
        return timeoutNanos;
    }

    /** Returns the link's settings. */
    public RedisLinkConfig config() {
        return config;
    }

    /** The commands while the link is up, else null: the caller decides in degraded mode. */
    RedisAsyncCommands<String, String> commands() {
        return commands;
    }

    /** Marks the link down after {@code cause}; the prober brings it back. */
    void failed(Throwable cause) {
        failures.increment();
        lastFailure = describe(cause);
        commands = null;
    }

    private void probe() {
        if (commands == null) {
            attempt();
        }
    }

    private synchronized void attempt() {
        StatefulRedisConnection<String, String> old = connection;
        try {
            if (old == null || !old.isOpen()) {
                if (old != null) {
                    old.closeAsync();
                }
                connection = client.connect(uri);
            }
            RedisAsyncCommands<String, String> fresh = connection.async();
            fresh.ping().get(config.connectTimeout().toNanos(), TimeUnit.NANOSECONDS);
            commands = fresh;
        } catch (Exception e) {
            failures.increment();
            lastFailure = describe(e);
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
        }
    }

    static String describe(Throwable cause) {
        Throwable root = cause;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return root.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    /** Stops the prober and closes the connection. */
    @Override
    public void close() {
        prober.shutdownNow();
        StatefulRedisConnection<String, String> open = connection;
        if (open != null) {
            open.close();
        }
        client.shutdown(0, 1, TimeUnit.SECONDS);
    }

    @Override
    public String toString() {
        return "RedisLink[" + uri + (isUp() ? ", up" : ", down: " + lastFailure) + "]";
    }
}
