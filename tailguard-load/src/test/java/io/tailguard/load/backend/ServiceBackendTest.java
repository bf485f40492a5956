package io.tailguard.load.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.sim.path.ServiceText;
import io.tailguard.time.NanoClock;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class ServiceBackendTest {

    @Test
    void oneWorkerServesConcurrentRequestsOneAfterAnotherForTheirServiceTime() throws Exception {
        NanoClock clock = NanoClock.system();
        try (ServiceBackend backend = ServiceBackend.start(new InetSocketAddress("127.0.0.1", 0),
                ServiceText.parseModel("workers=1, time=fixed(100ms)"), clock, new SplittableRandom(1))) {
            String address = "127.0.0.1:" + backend.address().getPort();
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://" + address + "/"))
                    .timeout(Duration.ofSeconds(30)).build();
            long start = clock.nanoTime();
            List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                answers.add(client.sendAsync(request, HttpResponse.BodyHandlers.ofString()));
            }
            for (CompletableFuture<HttpResponse<String>> answer : answers) {
                assertThat(answer.get().statusCode()).isEqualTo(200);
                assertThat(answer.get().body()).isEqualTo(address + "\n");
            }
            // one worker, 100 ms each: the last of three cannot be answered before 300 ms
            assertThat(clock.nanoTime() - start).isGreaterThanOrEqualTo(300_000_000L);
            assertThat(backend.stats().served()).isEqualTo(3);
            assertThat(backend.stats().line().serving()).isZero();
        }
    }

    @Test
    void answersARequestAskingToCloseWithConnectionCloseAndClosesTheConnection() throws Exception {
        try (ServiceBackend backend = ServiceBackend.start(new InetSocketAddress("127.0.0.1", 0),
                ServiceText.parseModel("workers=1, time=fixed(1ms)"), NanoClock.system(), new SplittableRandom(1));
             Socket socket = new Socket("127.0.0.1", backend.address().getPort())) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write("GET / HTTP/1.1\r\nHost: backend\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            // readAllBytes returns only once the backend closed the connection
            String answer = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
            String body = "127.0.0.1:" + backend.address().getPort() + "\n";
            assertThat(answer).isEqualTo("HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: "
                    + body.length() + "\r\nconnection: close\r\n\r\n" + body);
        }
    }

    @Test
    void refusesADescriptionWithConnectionRefusals() {
        assertThatThrownBy(() -> ServiceBackend.start(new InetSocketAddress("127.0.0.1", 0),
                ServiceText.parseModel("workers=1, time=fixed(1ms), refused=0.1"), NanoClock.system(),
                new SplittableRandom(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--service refused must be 0 for a live backend");
    }
}
