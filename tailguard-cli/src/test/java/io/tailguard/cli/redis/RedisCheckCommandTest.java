package io.tailguard.cli.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.cli.CliRun;
import io.tailguard.redis.RedisServer;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code tailguard redis-limit check} against a real redis-server: one line, exit 0 or 2. */
class RedisCheckCommandTest {

    private static RedisServer server;

    @BeforeAll
    static void startRedis() {
        server = RedisServer.start();
    }

    @AfterAll
    static void stopRedis() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void admitsUntilTheBurstIsSpentThenSaysWhenToRetry() {
        String[] check = {"redis-limit", "check", "--uri", server.uri(), "--key", "cli", "--rate", "1/h", "--burst", "2"};
        CliRun first = new CliRun();
        assertThat(first.run(check)).isZero();
        assertThat(first.out().lines()).containsExactly("admitted remaining=1");
        CliRun second = new CliRun();
        assertThat(second.run(check)).isZero();
        assertThat(second.out().lines()).containsExactly("admitted remaining=0");
        CliRun third = new CliRun();
        assertThat(third.run(check)).isZero();
        assertThat(third.out().lines()).singleElement().asString().matches("rejected retry_after_ms=[0-9]+");
        long retryMillis = Long.parseLong(third.out().strip().substring("rejected retry_after_ms=".length()));
        // the first take found the bucket full, so its token comes back one hour after it, whatever
        // the phase of Redis's clock; the slack is the time the three calls took on a loaded machine
        assertThat(retryMillis).isBetween(3_540_000L, 3_600_000L);
        assertThat(first.err() + second.err() + third.err()).isEmpty();
    }

    /**
     * One token a period, burst one: the first take is admitted, the second refused with a retry of
     * about one period; the slack is the time the two calls took on a loaded machine.
     */
    @ParameterizedTest
    @CsvSource({"cli-minute, 1/m, 50000, 60000", "cli-day, 1/d, 86340000, 86400000", "cli-half, 0.5/m, 110000, 120000"})
    void aSecondTakeAtBurstOneSaysRetryInAboutOnePeriod(String key, String rate, long atLeastMs, long atMostMs) {
        String[] check = {"redis-limit", "check", "--uri", server.uri(), "--key", key, "--rate", rate, "--burst", "1"};
        CliRun first = new CliRun();
        assertThat(first.run(check)).isZero();
        assertThat(first.out().lines()).containsExactly("admitted remaining=0");
        CliRun second = new CliRun();
        assertThat(second.run(check)).isZero();
        long retryMillis = Long.parseLong(second.out().strip().substring("rejected retry_after_ms=".length()));
        assertThat(retryMillis).isBetween(atLeastMs, atMostMs);
    }

    @Test
    void anUnreachableRedisIsOneLineAndExitTwo() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        CliRun run = new CliRun();
        assertThat(run.run("redis-limit", "check", "--uri", "redis://127.0.0.1:" + port, "--key", "k",
                "--rate", "100/s", "--burst", "20")).isEqualTo(2);
        assertThat(run.err().lines()).singleElement().asString()
                .startsWith("tailguard: cannot reach Redis at redis://127.0.0.1:" + port + ": ");
        assertThat(run.out()).isEmpty();
    }

    @Test
    void aBadRateNamesWhatIsAllowed() {
        CliRun run = new CliRun();
        assertThat(run.run("redis-limit", "check", "--uri", server.uri(), "--key", "k", "--rate", "100",
                "--burst", "20")).isEqualTo(2);
        assertThat(run.err().lines())
                .containsExactly("tailguard: --rate must be a positive rate like 500/s, 0.5/s, 30/m or 1000/h but was 100");
    }
}
