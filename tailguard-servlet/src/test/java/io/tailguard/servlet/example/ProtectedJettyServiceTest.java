package io.tailguard.servlet.example;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.Test;

/** Runs the README's servlet example and checks the README shows it as compiled here. */
class ProtectedJettyServiceTest {

    @Test
    void theExampleServesThroughTheFilterAndShowsItsMetricsInPrometheusFormat() throws Exception {
        Server server = ProtectedJettyService.start(0, new PrometheusMeterRegistry(PrometheusConfig.DEFAULT));
        try {
            int port = ((ServerConnector) server.getConnectors()[0]).getLocalPort();
            HttpClient client = HttpClient.newHttpClient();
            HttpResponse<String> hello = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/hello"))
                    .header("X-Tenant", "batch").build(), HttpResponse.BodyHandlers.ofString());
            assertThat(hello.body()).isEqualTo("hello");
            String metrics = client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            assertThat(metrics).contains("tailguard_admission_admitted_total{name=\"api\"} 1.0",
                    "tailguard_limiter_limit{name=\"api\"} 64.0", "tailguard_queue_capacity{name=\"api\"} 128.0",
                    "tailguard_rate_tokens_available{name=\"api\"}");
        } finally {
            server.stop();
        }
    }

    @Test
    void theReadmeShowsThisExampleAsCompiled() throws Exception {
        ReadmeExample.assertShown(Path.of("src/test/java/io/tailguard/servlet/example/ProtectedJettyService.java"));
    }

    /** Thread-safe (stateless): the README must hold an example file verbatim, from its imports on. */
    static final class ReadmeExample {
        private ReadmeExample() {
        }

        static void assertShown(Path source) throws Exception {
            String code = Files.readString(source);
            String fromImports = code.substring(code.indexOf("import "));
            String readme = Files.readString(Path.of("..", "README.md"));
            assertThat(readme).as("the top-level README shows " + source + " from its imports on, unchanged")
                    .contains(fromImports);
        }
    }
}
