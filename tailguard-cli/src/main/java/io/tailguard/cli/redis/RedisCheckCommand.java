package io.tailguard.cli.redis;

import io.tailguard.cli.UsageException;
import io.tailguard.cli.load.NettyLogging;
import io.tailguard.config.DurationText;
import io.tailguard.config.Rate;
import io.tailguard.config.RateText;
import io.tailguard.rate.TokenBucketConfig;
import io.tailguard.redis.ClockMode;
import io.tailguard.redis.DegradedMode;
import io.tailguard.redis.RateDecision;
import io.tailguard.redis.RedisBucketConfig;
import io.tailguard.redis.RedisLink;
import io.tailguard.redis.RedisLinkConfig;
import io.tailguard.redis.RedisTokenBucket;
import io.tailguard.time.NanoClock;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** Not thread-safe (one command run): {@code tailguard redis-limit check} asks a shared bucket for one decision. */
@Command(
        name = "check",
        mixinStandardHelpOptions = true,
        description = {
            "Ask the shared token bucket KEY on Redis for one decision.",
            "Every instance of a service asks the same bucket; the answer is one line:",
            "  admitted remaining=N      the tokens were taken; N are left",
            "  rejected retry_after_ms=M the tokens are due in M ms (for Retry-After)",
            "Exit 0 either way; exit 2 with one line when Redis cannot be reached.",
            "The bucket lives in Redis as tailguard:{KEY}:bucket and refills on Redis's",
            "clock, one token every interval counted from when it was last full (GCRA):",
            "with 1/m and burst 1, the token taken by one call is back exactly a minute",
            "after that call. Run the command again to see the bucket drain and refill.",
            ""
        },
        footer = {"", "Examples:",
            "  redis-server --port 6379 --save '' &",
            "  ./tailguard redis-limit check --uri redis://127.0.0.1:6379 --key k --rate 100/s --burst 20",
            "  admitted remaining=19",
            "  ./tailguard redis-limit check --uri redis://127.0.0.1:6379 --key m --rate 1/m --burst 1",
            "  admitted remaining=0",
            "  ./tailguard redis-limit check --uri redis://127.0.0.1:6379 --key m --rate 1/m --burst 1",
            "  rejected retry_after_ms=48601    (the second call came 11.4 s after the first)"})
public final class RedisCheckCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = {"--uri", "--redis-uri"}, required = true, paramLabel = "URI",
            description = "Redis, as redis://host:port[/db].")
    String uri;

    @Option(names = "--key", required = true, paramLabel = "KEY", description = "The bucket's name, shared by all callers.")
    String key;

    @Option(names = "--rate", required = true, paramLabel = "RATE",
            description = "Refill rate: tokens per s, m, h, d or a duration, such as 100/s, 0.5/s, 30/m,"
                    + " 1000/d or 3/250ms.")
    String rate;

    @Option(names = "--burst", required = true, paramLabel = "N",
            description = "The most tokens the bucket holds, at least 1.")
    long burst;

    @Option(names = "--cost", defaultValue = "1", paramLabel = "N",
            description = "Tokens this request takes (default ${DEFAULT-VALUE}).")
    long cost;

    @Option(names = "--timeout", defaultValue = "1s", paramLabel = "DURATION",
            description = "The longest to wait for Redis, such as 5ms or 1s (default ${DEFAULT-VALUE}).")
    String timeout;

    @Override
    public Integer call() {
        Rate refill = RateText.parse("--rate", rate);
        if (burst < 1) {
            throw new UsageException("--burst must be at least 1 but was " + burst);
        }
        TokenBucketConfig bucket = TokenBucketConfig.of(burst, refill.count(), Duration.ofNanos(refill.periodNanos()));
        if (cost < 1 || cost > burst) {
            throw new UsageException("--cost must be between 1 and --burst (" + burst + ") but was " + cost);
        }
        RedisBucketConfig config = new RedisBucketConfig(bucket, ClockMode.REDIS, DegradedMode.FAIL_CLOSED, 1);
        RedisLinkConfig linkConfig = RedisLinkConfig.DEFAULT.withTimeout(DurationText.parsePositive("--timeout", timeout));
        NanoClock clock = NanoClock.system();
        NettyLogging.toJdk(); // Lettuce logs through Netty's facade
        try (RedisLink link = RedisLink.connect(uri, linkConfig)) {
            if (!link.isUp()) {
                throw new UsageException("cannot reach Redis at " + uri + ": " + link.lastFailure());
            }
            RateDecision decision = new RedisTokenBucket(link, key, config, clock.nanoTime())
                    .tryAcquire(clock.nanoTime(), cost);
            if (decision.degraded()) {
                throw new UsageException("Redis at " + uri + " did not answer within " + timeout + ": "
                        + link.lastFailure());
            }
            spec.commandLine().getOut().println(decision.admitted()
                    ? "admitted remaining=" + decision.remaining()
                    : "rejected retry_after_ms=" + ceilMillis(decision.retryAfterNanos()));
            return 0;
        }
    }

    private static long ceilMillis(long nanos) {
        long millis = TimeUnit.NANOSECONDS.toMillis(nanos);
        return TimeUnit.MILLISECONDS.toNanos(millis) < nanos ? millis + 1 : millis;
    }
}
