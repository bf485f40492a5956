package io.tailguard.proxy.config;

import io.tailguard.config.Rate;
import io.tailguard.config.RateText;
import io.tailguard.path.BalancerKind;
import io.tailguard.path.LimitKind;
import io.tailguard.retry.RetryBudgetConfig;
import io.tailguard.queue.QueueDiscipline;
import io.tailguard.redis.ClockMode;
import io.tailguard.redis.DegradedMode;
import io.tailguard.redis.RedisBucketConfig;
import io.tailguard.redis.RedisLinkConfig;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.math.BigInteger;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.representer.Representer;

/**
 * Thread-safe (stateless): reads a proxy's YAML configuration with SnakeYAML's safe constructor
 * (plain maps, lists and scalars; no object instantiation) and checks it strictly: unknown keys,
 * wrong types and out-of-range values are each one {@link ConfigException} line. The format and
 * every default are described in the module's README.
 */
public final class ProxyConfigFile {

    /** What {@code per-second} takes, as its messages say. */
    private static final String PER_SECOND = "a number of tokens a second above 0 and at most 1000000000, such as"
            + " 100 or 0.5";

    private ProxyConfigFile() {
    }

    /** Reads and validates the file at {@code path}. */
    public static ProxyConfig read(Path path) {
        try (Reader reader = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
            return parse(reader, path.toString());
        } catch (IOException e) {
            throw new ConfigException("--config must be a readable file but was " + path + " (" + e.getMessage() + ")");
        }
    }

    /** Reads and validates YAML text (tests, embedded configurations). */
    public static ProxyConfig parse(String yaml) {
        return parse(new StringReader(yaml), "<text>");
    }

    private static ProxyConfig parse(Reader reader, String source) {
        Object document;
        try {
            LoaderOptions options = new LoaderOptions();
            options.setAllowDuplicateKeys(false);
            options.setMaxAliasesForCollections(10);
            DumperOptions unused = new DumperOptions();
            document = new Yaml(new SafeConstructor(options), new Representer(unused), unused, options,
                    new PlainResolver()).load(reader);
        } catch (MarkedYAMLException e) {
            throw new ConfigException(source + " must be valid YAML but line " + (e.getProblemMark().getLine() + 1)
                    + " has: " + e.getProblem());
        } catch (YAMLException e) {
            throw new ConfigException(source + " must be valid YAML but was not: " + e.getMessage().lines().findFirst()
                    .orElse(""));
        }
        return proxy(new Node("", document == null ? Map.of() : document));
    }

    private static ProxyConfig proxy(Node root) {
        InetSocketAddress listen = root.address("listen", "127.0.0.1:8080");
        InetSocketAddress admin = root.address("admin", listen.getHostString() + ":0");
        String accessLog = root.string("access-log", "stderr");
        Duration drainGrace = root.duration("drain-grace", Duration.ofSeconds(30), true);
        Node limitsNode = root.child("limits");
        ClientLimits limits = limitsNode == null ? ClientLimits.defaults() : limits(limitsNode);
        Node poolsNode = root.child("pools");
        if (poolsNode == null) {
            throw root.missing("pools", "a mapping of pool names to pools");
        }
        List<PoolConfig> pools = new ArrayList<>();
        for (String name : poolsNode.entries().keySet()) {
            pools.add(pool(name, new Node(poolsNode.key(name), poolsNode.raw(name))));
        }
        List<Object> routeList = root.list("routes");
        List<RouteConfig> routes = new ArrayList<>();
        for (int i = 0; i < routeList.size(); i++) {
            routes.add(route(new Node("routes[" + i + "]", routeList.get(i))));
        }
        if (routes.isEmpty() && pools.size() == 1) {
            routes.add(RouteConfig.all(pools.get(0).name()));
        }
        root.rejectUnknown();
        return root.build(() -> new ProxyConfig(listen, admin, routes, pools, limits, drainGrace, accessLog));
    }

    private static ClientLimits limits(Node node) {
        ClientLimits d = ClientLimits.defaults();
        int maxConnections = (int) node.integer("max-connections", d.maxConnections(), 1, 1_000_000);
        int maxInitialLine = (int) node.integer("max-initial-line", d.maxInitialLine(), 64, 1 << 20);
        int maxHeaderBytes = (int) node.integer("max-header-bytes", d.maxHeaderBytes(), 256, 1 << 20);
        long maxBodyBytes = node.integer("max-body-bytes", d.maxBodyBytes(), 0, Long.MAX_VALUE);
        Duration headerTimeout = node.duration("header-timeout", d.headerTimeout(), false);
        Duration idleTimeout = node.duration("idle-timeout", d.idleTimeout(), false);
        Duration bodyTimeout = node.duration("body-timeout", d.bodyTimeout(), false);
        long minBodyRate = node.integer("min-body-rate", d.minBodyRate(), 0, Long.MAX_VALUE);
        long bufferBodyBytes = node.integer("buffer-body-bytes", d.bufferBodyBytes(), 0, 1L << 30);
        Duration underPressure = node.duration("idle-timeout-under-pressure", d.idleTimeoutUnderPressure(), false);
        node.rejectUnknown();
        return node.build(() -> new ClientLimits(maxConnections, maxInitialLine, maxHeaderBytes, maxBodyBytes,
                headerTimeout, idleTimeout, bodyTimeout, minBodyRate, bufferBodyBytes, underPressure));
    }

    private static PoolConfig pool(String name, Node node) {
        List<InetSocketAddress> backends = new ArrayList<>();
        List<Object> listed = node.list("backends");
        for (int i = 0; i < listed.size(); i++) {
            InetSocketAddress address = Node.hostPort(String.valueOf(listed.get(i)));
            if (address == null) {
                throw new ConfigException(node.key("backends") + "[" + i + "] must be HOST:PORT with a port from 0 to "
                        + "65535 but was " + Node.describe(listed.get(i)));
            }
            backends.add(address);
        }
        PoolConfig d = PoolConfig.of(name, List.of(new InetSocketAddress("127.0.0.1", 1)));
        int maxConns = (int) node.integer("max-conns", d.maxConns(), 1, 65_536);
        LimitKind limit = node.choice("limit", LimitKind.class, d.limit());
        int queue = (int) node.integer("queue", d.queue(), 0, 1_000_000);
        Duration queueTimeout = node.duration("queue-timeout", d.queueTimeout(), false);
        QueueDiscipline discipline = node.choice("discipline", QueueDiscipline.class, d.discipline());
        BalancerKind balancer = node.choice("balancer", BalancerKind.class, d.balancer());
        Duration connectTimeout = node.duration("connect-timeout", d.connectTimeout(), false);
        Duration responseTimeout = node.duration("response-timeout", d.responseTimeout(), false);
        Duration idleTimeout = node.duration("idle-timeout", d.idleTimeout(), false);
        int ejectAfter = (int) node.integer("eject-after", d.ejectAfter(), 1, 1_000_000);
        Duration ejectFor = node.duration("eject-for", d.ejectFor(), false);
        Node budgetNode = node.child("retry-budget");
        RetryBudgetConfig budget = budgetNode == null ? d.retryBudget() : retryBudget(budgetNode);
        boolean holdPermit = node.bool("hold-permit-on-departure", d.holdPermitOnDeparture());
        node.rejectUnknown();
        return node.build(() -> new PoolConfig(name, backends, maxConns, limit, queue, queueTimeout, discipline,
                balancer, connectTimeout, responseTimeout, idleTimeout, budget, ejectAfter, ejectFor, holdPermit));
    }

    private static RetryBudgetConfig retryBudget(Node node) {
        RetryBudgetConfig d = RetryBudgetConfig.defaults();
        double percent = node.decimal("percent", d.percent(), 0.0, 100.0);
        int minPerSecond = (int) node.integer("min-per-second", d.minPerSecond(), 0, 1_000_000);
        Duration ttl = node.duration("ttl", d.ttl(), false);
        node.rejectUnknown();
        return node.build(() -> new RetryBudgetConfig(percent, minPerSecond, ttl));
    }

    private static RouteConfig route(Node node) {
        String host = node.string("host", null);
        String prefix = node.string("path-prefix", "/");
        String pool = node.string("pool", null);
        if (pool == null) {
            throw node.missing("pool", "the name of a pool");
        }
        Duration defaultTimeout = node.duration("default-timeout", Duration.ZERO, true);
        Node rateNode = node.child("rate");
        RateConfig rate = rateNode == null ? null : rate(rateNode, true);
        Node clientNode = node.child("client-rate");
        ClientRateConfig clientRate = clientNode == null ? null : clientRate(clientNode);
        Node hedgeNode = node.child("hedge");
        HedgeConfig hedge = hedgeNode == null ? null : hedge(hedgeNode);
        node.rejectUnknown();
        return node.build(() -> new RouteConfig(host, prefix, pool, defaultTimeout, rate, clientRate, hedge));
    }

    private static RateConfig rate(Node node, boolean alone) {
        if (!node.has("per-second")) {
            node.raw("per-second");
            throw node.missing("per-second", PER_SECOND);
        }
        Rate rate = perSecond(node);
        long burst = node.integer("burst", defaultBurst(rate), 1, Long.MAX_VALUE);
        RedisRateConfig redis = null;
        if (alone) {
            redis = redisRate(node);
            node.rejectUnknown();
        }
        RedisRateConfig shared = redis;
        RateConfig config = node.build(() -> {
            RateConfig built = new RateConfig(rate, burst, shared);
            built.settings();
            return built;
        });
        if (shared != null) { // the shared bucket's own bounds, so that a start never fails on them
            try {
                new RedisBucketConfig(config.settings().bucket(), ClockMode.REDIS, shared.degraded(), shared.instances());
            } catch (IllegalArgumentException unfit) {
                throw new ConfigException(node.path() + " must be a bucket Redis keeps exactly but was "
                        + RateText.format(rate) + " with burst " + burst + " (" + unfit.getMessage() + ")");
            }
        }
        return config;
    }

    /**
     * Reads {@code per-second} exactly: a whole or decimal number as YAML writes it ({@code 0.5} is
     * one token every 2 s), never through a binary fraction that would drift.
     */
    private static Rate perSecond(Node node) {
        Object value = node.raw("per-second");
        Rate rate = value instanceof Number || value instanceof String ? RateText.parseOrNull(value + "/s") : null;
        if (rate == null || rate.count() > rate.periodNanos()) {
            throw new ConfigException(node.key("per-second") + " must be " + PER_SECOND + " but was "
                    + Node.describe(value));
        }
        return rate;
    }

    /** The burst when none is given: one second's tokens, rounded up, at least one. */
    private static long defaultBurst(Rate rate) {
        BigInteger[] perSecond = BigInteger.valueOf(rate.count()).multiply(BigInteger.valueOf(1_000_000_000L))
                .divideAndRemainder(BigInteger.valueOf(rate.periodNanos()));
        return Math.max(1L, perSecond[0].longValueExact() + perSecond[1].signum());
    }

    /** The optional Redis settings of a route's rate: redis (URI), key, instances, degraded, timeout. */
    private static RedisRateConfig redisRate(Node node) {
        String uri = node.string("redis", null);
        if (uri == null) {
            return null;
        }
        String key = node.string("key", null);
        if (key == null) {
            throw node.missing("key", "the name of the shared bucket when redis is set");
        }
        int instances = (int) node.integer("instances", 1, 1, 100_000);
        DegradedMode degraded = node.choice("degraded", DegradedMode.class, DegradedMode.FAIL_LOCAL);
        Duration timeout = node.duration("timeout", RedisLinkConfig.DEFAULT.timeout(), false);
        return node.build(() -> new RedisRateConfig(uri, key, instances, degraded, timeout));
    }

    private static ClientRateConfig clientRate(Node node) {
        RateConfig rate = rate(node, false);
        String keyHeader = node.string("key-header", null);
        int maxKeys = (int) node.integer("max-keys", 10_000, 1, 10_000_000);
        Duration idle = node.duration("idle", Duration.ofMinutes(1), false);
        node.rejectUnknown();
        return node.build(() -> new ClientRateConfig(rate, keyHeader, maxKeys, idle));
    }

    private static HedgeConfig hedge(Node node) {
        Duration delay = node.duration("delay", Duration.ofMillis(50), false);
        double budgetPercent = node.decimal("budget-percent", 5.0, 0.001, 100.0);
        node.rejectUnknown();
        return node.build(() -> new HedgeConfig(delay, budgetPercent));
    }
}
