package io.tailguard.proxy.config;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ProxyConfigKeysTest {

    private static final String POOL = "pools:\n  app:\n    backends: [127.0.0.1:1]\n";

    private static void assertError(String yaml, String message) {
        assertThatThrownBy(() -> ProxyConfigFile.parse(yaml)).isInstanceOf(ConfigException.class).hasMessage(message);
    }

    @Test
    void aKeyUnderTheWrongParentSaysWhereItBelongs() {
        assertError(POOL + "    client-rate:\n      per-second: 5\n",
                "pools.app.client-rate is not a known setting here; it belongs under a route (routes[N].client-rate);"
                        + " allowed here: backends, balancer, connect-timeout, discipline, eject-after, eject-for,"
                        + " hold-permit-on-departure, idle-timeout, limit, max-conns, queue, queue-timeout,"
                        + " response-timeout, retry-budget");
        assertError(POOL + "routes:\n  - pool: app\n    max-conns: 4\n",
                "routes[0].max-conns is not a known setting here; it belongs under a pool (pools.NAME.max-conns);"
                        + " allowed here: client-rate, default-timeout, hedge, host, path-prefix, pool, rate");
        assertError("queue: 4\n" + POOL, "queue is not a known setting here; it belongs under a pool"
                + " (pools.NAME.queue); allowed here: access-log, admin, drain-grace, limits, listen, pools, routes");
    }

    @Test
    void aClientLimitUnderAPoolBelongsUnderLimits() {
        assertError(POOL + "    body-timeout: 5s\n", "pools.app.body-timeout is not a known setting here; it belongs"
                + " under limits (limits.body-timeout); allowed here: backends, balancer, connect-timeout, discipline,"
                + " eject-after, eject-for, hold-permit-on-departure, idle-timeout, limit, max-conns, queue,"
                + " queue-timeout, response-timeout, retry-budget");
    }

    @Test
    void aMisspeltKeySuggestsTheCloseOnes() {
        assertError(POOL + "routes:\n  - pool: app\n    rate:\n      per-secnd: 5\n",
                "routes[0].rate.per-second must be a number of tokens a second above 0 and at most 1000000000, such"
                        + " as 100 or 0.5 but was nothing;"
                        + " routes[0].rate.per-secnd is not a known setting (did you mean per-second?)");
        assertError(POOL + "routes:\n  - pool: app\n    hedge:\n      dealy: 20ms\n",
                "routes[0].hedge.dealy is not a known setting (did you mean delay?); allowed here: budget-percent,"
                        + " delay");
        assertError("lisen: 127.0.0.1:1\n" + POOL, "lisen is not a known setting (did you mean listen?); allowed"
                + " here: access-log, admin, drain-grace, limits, listen, pools, routes");
    }

    @Test
    void aMisspeltKeyIsSuggestedHereFirstThenInTheSectionsWhereItWouldBelong() {
        assertError(POOL + "    max-con: 4\n", "pools.app.max-con is not a known setting (did you mean max-conns?);"
                + " allowed here: backends, balancer, connect-timeout, discipline, eject-after, eject-for,"
                + " hold-permit-on-departure, idle-timeout, limit, max-conns, queue, queue-timeout,"
                + " response-timeout, retry-budget");
        assertError("max-con: 4\n" + POOL, "max-con is not a known setting (did you mean pools.NAME.max-conns or"
                + " limits.max-connections?); allowed here: access-log, admin, drain-grace, limits, listen, pools,"
                + " routes");
        assertError(POOL + "routes:\n  - pool: app\n    hedge:\n      delay: 20ms\n      budget-percnt: 5\n",
                "routes[0].hedge.budget-percnt is not a known setting (did you mean budget-percent?); allowed here:"
                        + " budget-percent, delay");
    }

    @Test
    void aMisspeltRequiredKeyIsNamedWithTheMissingOne() {
        assertError(POOL + "routes:\n  - pol: app\n",
                "routes[0].pool must be the name of a pool but was nothing; routes[0].pol is not a known setting"
                        + " (did you mean pool?)");
        assertError("pool:\n  app:\n    backends: [127.0.0.1:1]\n",
                "pools must be a mapping of pool names to pools but was nothing; pool is not a known setting"
                        + " (did you mean pools?)");
        assertError(POOL + "routes:\n  - pool: app\n    rate:\n      per-second: 5\n      redis: redis://h:1\n"
                + "      kye: k\n", "routes[0].rate.key must be the name of the shared bucket when redis is set but"
                + " was nothing; routes[0].rate.kye is not a known setting (did you mean key?)");
        assertError(POOL + "routes:\n  - host: a\n", "routes[0].pool must be the name of a pool but was nothing");
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"0", "-1", "0.0", "fast", "30/m", "1000000001", "true",
        "[1]"})
    void aRateASecondThatIsNotAPositiveNumberUpToABillionIsRefused(String value) {
        assertError(POOL + "routes:\n  - pool: app\n    rate:\n      per-second: " + value + "\n",
                "routes[0].rate.per-second must be a number of tokens a second above 0 and at most 1000000000, such"
                        + " as 100 or 0.5 but was " + (value.equals("[1]") ? "a list" : value));
    }

    @Test
    void aBareNumberForADurationShowsTheUnits() {
        assertError("pools:\n  app:\n    backends: [127.0.0.1:1]\n    queue-timeout: 10\n",
                "pools.app.queue-timeout must be a positive duration like 10s, 250ms or 500us but was 10"
                        + " (a number needs a unit: ns, us, ms, s, m or h)");
        org.assertj.core.api.Assertions.assertThat(ProxyConfigFile.parse(POOL.replace("backends", "queue-timeout: 0.5s\n"
                + "    backends")).pools().get(0).queueTimeout()).isEqualTo(java.time.Duration.ofMillis(500));
    }
}
