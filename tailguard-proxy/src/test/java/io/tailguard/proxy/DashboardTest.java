package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

class DashboardTest extends BackendAndProxy {

    private static final Path DASHBOARD = Path.of("grafana", "tailguard-proxy.json");

    @Test
    void everyQueryOfTheDashboardNamesASeriesTheProxyExports() throws Exception {
        proxy = ProxyServer.start(Configs.single(backend.address(), 1, 0, Duration.ofSeconds(1)));
        String metrics;
        try (RawClient client = new RawClient(proxy.boundAddress()); RawClient admin = new RawClient(proxy.adminAddress())) {
            assertThat(client.get("/a").read().status()).isEqualTo(200);
            metrics = admin.get("/metrics").read().body();
        }
        Set<String> exported = new HashSet<>();
        for (String line : metrics.split("\n")) {
            if (!line.isEmpty() && !line.startsWith("#")) {
                exported.add(line.split("[{ ]", 2)[0]);
            }
        }
        List<String> queries;
        try (Reader json = Files.newBufferedReader(DASHBOARD, StandardCharsets.UTF_8)) {
            queries = DashboardQueries.queries(new Yaml().load(json));
        }
        assertThat(queries).hasSizeGreaterThanOrEqualTo(14);
        for (String query : queries) {
            Set<String> names = DashboardQueries.seriesNames(query);
            assertThat(names).as(query).isNotEmpty();
            assertThat(exported).as(query).containsAll(names);
        }
    }

    @Test
    void readsTheSeriesNamesOutOfAQuery() {
        assertThat(DashboardQueries.seriesNames("histogram_quantile(0.99, sum by (le, route) "
                + "(rate(tailguard_proxy_request_seconds_bucket{pool=~\"$pool\"}[$__rate_interval])))"))
                .containsExactly("tailguard_proxy_request_seconds_bucket");
        assertThat(DashboardQueries.seriesNames("sum by (instance) (jvm_memory_used_bytes{area=\"heap\"}) "
                + "/ sum by (instance) (jvm_memory_max_bytes)"))
                .containsExactly("jvm_memory_max_bytes", "jvm_memory_used_bytes");
        assertThat(DashboardQueries.seriesNames("label_values(tailguard_proxy_admitted_total, pool)"))
                .containsExactly("tailguard_proxy_admitted_total");
    }
}
