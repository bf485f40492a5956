package io.tailguard.proxy.client;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Thread-safe: the client connections a proxy holds open, at most {@code max-connections}. When a new
 * connection finds them all taken, the keep-alive connection idle the longest is closed to make room
 * (only an idle one: never one with a request in progress), so clients that open a connection and go
 * quiet cannot lock everyone else out; with none idle the new one is refused. From three quarters of
 * the limit on, the proxy is under pressure and idle connections get the shorter
 * {@code idle-timeout-under-pressure}.
 */
public final class ConnectionSlots {

    private final int max;
    private final AtomicInteger open = new AtomicInteger();
    private final Set<ClientHandler> clients = ConcurrentHashMap.newKeySet();

    /** Creates the slots of at most {@code max} open client connections. */
    public ConnectionSlots(int max) {
        this.max = max;
    }

    /**
     * Takes a slot for {@code client}'s new connection, closing the longest-idle connection if every
     * slot is taken; false if none is idle (the new connection is to be closed).
     */
    public boolean open(ClientHandler client) {
        if (open.incrementAndGet() > max && !evictLongestIdle()) {
            open.decrementAndGet();
            return false;
        }
        clients.add(client);
        return true;
    }

    /** Frees {@code client}'s slot: its connection closed. */
    public void closed(ClientHandler client) {
        clients.remove(client);
        open.decrementAndGet();
    }

    /** True from three quarters of {@code max-connections} open on. */
    boolean underPressure() {
        return open.get() * 4L >= max * 3L;
    }

    private boolean evictLongestIdle() {
        while (true) {
            ClientHandler oldest = null;
            long oldestNanos = 0L;
            for (ClientHandler client : clients) {
                long since = client.idleSinceNanos();
                if (since != ClientHandler.NOT_IDLE && (oldest == null || since - oldestNanos < 0)) {
                    oldest = client;
                    oldestNanos = since;
                }
            }
            if (oldest == null) {
                return false;
            }
            if (oldest.evict()) {
                return true; // its slot frees when its close completes: until then the count is one over
            }
        }
    }
}
