package io.tailguard.bench;

import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.distributed.BucketProxy;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.redis.lettuce.Bucket4jLettuce;
import io.github.bucket4j.redis.lettuce.cas.LettuceBasedProxyManager;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import io.tailguard.redis.RateDecision;
import io.tailguard.redis.RedisBucketConfig;
import io.tailguard.redis.RedisLink;
import io.tailguard.redis.RedisLinkConfig;
import io.tailguard.redis.RedisTokenBucket;
import io.tailguard.time.NanoClock;
import java.time.Duration;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * One cluster-wide rate-limit decision on a real Redis: our {@link RedisTokenBucket} (one
 * {@code EVALSHA}, the GCRA computed in Redis) against Bucket4j's Lettuce proxy manager (read the
 * bucket, compute in the JVM, write back with a compare-and-swap script, retry on conflict), in the
 * same run, on the same Redis, with the same limit: 10,000 tokens a second, bursts of 1,000.
 * {@code keys=hot} sends every decision to one key; {@code keys=many} spreads them over 10,000 keys.
 * Each library has one Lettuce connection shared by all callers; 1, 8 and 64 callers are separate
 * methods (JMH cannot make thread counts a parameter), named so that JMH runs each of ours right
 * after Bucket4j's with the same callers, and a drifting load on a shared machine hits both alike.
 * Throughput mode gives decisions per second and, as {@code :admitted}, admitted decisions per
 * second (about the bucket's 10,000 on the hot key for both: a side that answered faster but
 * admitted more than the limit would show here); sample mode gives the latency percentiles of one
 * decision. At the end of each trial the fork prints how many of our decisions Redis answered and
 * how many were refusals known from an earlier answer ({@link RedisTokenBucket#knownRefusals()}).
 *
 * <p>Our timeout is set to 1 s so that every decision is Redis's (a degraded decision fails the
 * trial); Bucket4j has no timeout by default.
 *
 * <p>How to run: {@code flock /work/bench.lock tailguard-bench/scripts/redis-limit.sh} starts its
 * own Redis on a free loopback port, runs this benchmark once and prints the RESULTS.md table. By
 * hand (a Redis of its own, on loopback, no persistence; hold the bench lock):
 * <pre>
 * redis-server --port 6390 --bind 127.0.0.1 --save '' --appendonly no &amp;
 * flock /work/bench.lock java -jar tailguard-bench/target/benchmarks.jar RedisLimitBenchmark \
 *     -f 1 -wi 1 -w 2s -i 5 -r 2s -bm thrpt,sample
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode({Mode.Throughput, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.SECONDS)
public class RedisLimitBenchmark {

    private static final int MANY_KEYS = 10_000;
    private static final long PER_SECOND = 10_000;
    private static final long BURST = 1_000;

    @Param({"redis://127.0.0.1:6390"})
    public String uri;

    @Param({"hot", "many"})
    public String keys;

    private final NanoClock clock = NanoClock.system();
    private RedisLink link;
    private RedisTokenBucket[] ours;
    private RedisClient bucket4jClient;
    private StatefulRedisConnection<String, byte[]> bucket4jConnection;
    private BucketProxy[] bucket4j;
    private final AtomicInteger threadIds = new AtomicInteger();
    private final Queue<Caller> callers = new ConcurrentLinkedQueue<>();

    /**
     * Each caller walks the keys from its own offset, so callers rarely meet on one key. It counts
     * the decisions that admitted: JMH reports them as {@code admitted} per second beside the
     * decisions, so a side that answered fast but admitted less (or more) than the bucket's rate shows.
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Caller {
        int next;
        public long admitted;

        /** Our decisions by this caller, summed in the tear-down (read after the threads stop). */
        long oursDecisions;

        @Setup
        public void setUp(RedisLimitBenchmark bench) {
            next = bench.threadIds.getAndIncrement() * 7919;
            bench.callers.add(this);
        }

        @Setup(Level.Iteration)
        public void clear() {
            admitted = 0;
        }

        boolean count(boolean admitted) {
            if (admitted) {
                this.admitted++;
            }
            return admitted;
        }

        int key(int count) {
            int key = next % count;
            next = key + 1;
            return key;
        }
    }

    @Setup(Level.Trial)
    public void setUp() {
        int count = keys.equals("hot") ? 1 : MANY_KEYS;
        String prefix = "bench-" + keys + "-" + System.identityHashCode(this) + "-";
        link = RedisLink.connect(uri, RedisLinkConfig.DEFAULT.withTimeout(Duration.ofSeconds(1)));
        if (!link.isUp()) {
            throw new IllegalStateException("start Redis first (see the javadoc): " + link.lastFailure());
        }
        RedisBucketConfig config = RedisBucketConfig.of(PER_SECOND, BURST);
        ours = new RedisTokenBucket[count];
        for (int i = 0; i < count; i++) {
            ours[i] = new RedisTokenBucket(link, prefix + i, config, clock.nanoTime());
        }
        bucket4jClient = RedisClient.create(uri);
        bucket4jConnection = bucket4jClient.connect(RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE));
        LettuceBasedProxyManager<String> manager = Bucket4jLettuce.casBasedBuilder(bucket4jConnection)
                .expirationAfterWrite(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(
                        Duration.ofSeconds(1)))
                .build();
        BucketConfiguration limit = BucketConfiguration.builder()
                .addLimit(bandwidth -> bandwidth.capacity(BURST).refillGreedy(PER_SECOND, Duration.ofSeconds(1)))
                .build();
        bucket4j = new BucketProxy[count];
        for (int i = 0; i < count; i++) {
            bucket4j[i] = manager.builder().build(prefix + i, () -> limit);
        }
    }

    /** Our counters when the first measured iteration began: the warm-up's decisions are not reported. */
    private long[] atMeasurement;

    @Setup(Level.Iteration)
    public void markMeasurement(IterationParams iteration) {
        if (atMeasurement == null && iteration.getType() == IterationType.MEASUREMENT) {
            atMeasurement = counters();
        }
    }

    /** Our decisions, known refusals and degraded decisions so far. */
    private long[] counters() {
        long degraded = 0;
        long known = 0;
        for (RedisTokenBucket bucket : ours) {
            degraded += bucket.degradedDecisions();
            known += bucket.knownRefusals();
        }
        long decisions = callers.stream().mapToLong(caller -> caller.oursDecisions).sum();
        return new long[] {decisions, known, degraded};
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        long[] end = counters();
        long[] start = atMeasurement == null ? new long[3] : atMeasurement;
        long decisions = end[0] - start[0];
        long known = end[1] - start[1];
        long degraded = end[2];
        if (decisions > 0) {
            // read by scripts/redis-limit.sh: the share of our measured decisions that made a round trip
            System.out.printf("ours-redis-calls keys=%s decisions=%d known-refusals=%d redis=%d%n",
                    keys, decisions, known, decisions - known - (end[2] - start[2]));
        }
        bucket4jConnection.close();
        bucket4jClient.shutdown();
        link.close();
        if (degraded > 0) {
            throw new IllegalStateException(degraded + " of our decisions were degraded (Redis slower than 1 s)");
        }
    }

    private boolean ours(Caller caller) {
        caller.oursDecisions++;
        RateDecision decision = ours[caller.key(ours.length)].tryAcquire(clock.nanoTime(), 1);
        return caller.count(decision.admitted());
    }

    private boolean bucket4j(Caller caller) {
        return caller.count(bucket4j[caller.key(bucket4j.length)].tryConsume(1));
    }

    @Benchmark
    @Threads(1)
    public boolean callers01Bucket4j(Caller caller) {
        return bucket4j(caller);
    }

    @Benchmark
    @Threads(1)
    public boolean callers01Ours(Caller caller) {
        return ours(caller);
    }

    @Benchmark
    @Threads(8)
    public boolean callers08Bucket4j(Caller caller) {
        return bucket4j(caller);
    }

    @Benchmark
    @Threads(8)
    public boolean callers08Ours(Caller caller) {
        return ours(caller);
    }

    @Benchmark
    @Threads(64)
    public boolean callers64Bucket4j(Caller caller) {
        return bucket4j(caller);
    }

    @Benchmark
    @Threads(64)
    public boolean callers64Ours(Caller caller) {
        return ours(caller);
    }
}
