package io.tailguard.lab.live.edge;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProxyConfigTextTest {

    private final EdgeTiming timing = EdgeTiming.scaled(Duration.ofSeconds(5), Duration.ofMillis(100),
            Duration.ofSeconds(30), Duration.ofSeconds(12), 10, 1, 0.1);

    @Test
    void scaleMultipliesEveryTimeToWholeMilliseconds() {
        assertThat(timing.serviceTime()).isEqualTo(Duration.ofMillis(500));
        assertThat(timing.gap()).isEqualTo(Duration.ofMillis(10));
        assertThat(timing.proxyTimeout()).isEqualTo(Duration.ofMillis(3000));
        assertThat(timing.clientTimeout()).isEqualTo(Duration.ofMillis(1200));
        assertThat(EdgeTiming.scale(Duration.ofMillis(1), 0.1)).isEqualTo(Duration.ofMillis(1));
    }

    @Test
    void nginxRunsAsOneProcessWithEveryPathInItsDirectory() {
        String conf = NginxFrontend.config(Path.of("/tmp/n"), 8001, 9292, timing, 0);
        assertThat(conf).contains("daemon off;", "master_process off;", "pid /tmp/n/nginx.pid;",
                "proxy_temp_path /tmp/n/proxy;", "listen 127.0.0.1:8001;", "server 127.0.0.1:9292;",
                "proxy_read_timeout 3000ms;").doesNotContain("max_conns");
    }

    @Test
    void nginxMaxConnsGoesOnTheUpstreamServer() {
        assertThat(NginxFrontend.config(Path.of("/tmp/n"), 8001, 9292, timing, 3))
                .contains("server 127.0.0.1:9292 max_conns=3;");
    }

    @Test
    void haproxyQueuesBehindMaxconnOneForTheProxyTimeout() {
        assertThat(HaproxyFrontend.config(8001, 9292, timing)).contains("bind 127.0.0.1:8001",
                "server puma1 127.0.0.1:9292 maxconn 1", "timeout queue 3000ms", "timeout server 3000ms",
                "timeout client 6000ms");
    }

    @Test
    void setupsAreEachProxyThenItsClientTimeoutTwin() {
        assertThat(EdgeSetup.names()).containsExactly("nginx", "nginx-client-timeout", "nginx-max-conns",
                "nginx-max-conns-client-timeout", "haproxy", "haproxy-client-timeout", "tailguard",
                "tailguard-client-timeout");
    }
}
