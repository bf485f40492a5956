package io.tailguard.lab.live.edge;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Thread-safe (immutable) one row group of {@code lab edge}: which proxy stands in front of the
 * backend and whether the clients give up after the client timeout.
 *
 * @param proxy         the proxy and its overload settings
 * @param clientTimeout whether clients give up after {@code --client-timeout} (and say so in a
 *                      deadline header)
 */
record EdgeSetup(Proxy proxy, boolean clientTimeout) {

    /** The proxies compared, in the order the article meets them. */
    enum Proxy {
        /** nginx as the article first configured it: {@code proxy_read_timeout 30s}, no cap. */
        NGINX,
        /** nginx with {@code max_conns=3}: three connections to the backend, the rest 502 at once. */
        NGINX_MAX_CONNS,
        /** HAProxy with {@code maxconn 1} and {@code timeout queue}: it queues, by time only. */
        HAPROXY,
        /** tailguard with a cap of 1, a bounded queue and the client's deadline. */
        TAILGUARD;

        /** Returns the proxy's name in setup names: the constant's, lower-case with dashes. */
        String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** Returns the setup's name, for example {@code haproxy-client-timeout}. */
    String name() {
        return proxy.label() + (clientTimeout ? "-client-timeout" : "");
    }

    /** Returns every setup: each proxy, then the same proxy with clients that give up. */
    static List<EdgeSetup> all() {
        List<EdgeSetup> all = new ArrayList<>();
        for (Proxy p : Proxy.values()) {
            all.add(new EdgeSetup(p, false));
            all.add(new EdgeSetup(p, true));
        }
        return all;
    }

    /** Returns the names of every setup, in run order. */
    static List<String> names() {
        return all().stream().map(EdgeSetup::name).toList();
    }
}
