package io.tailguard.load.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.lease.LeaseFrame;
import io.tailguard.lease.LeaseWire;
import io.tailguard.sim.service.DelayTable;
import io.tailguard.time.NanoClock;
import io.tailguard.time.Scheduler;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LeaseBackendTest {

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private LeaseBackend backend;

    @AfterEach
    void stop() {
        if (backend != null) {
            backend.close();
        }
    }

    private LeaseBackend start(int port, long seed) {
        backend = LeaseBackend.start(new InetSocketAddress("127.0.0.1", port), DelayTable.parse("=>0"),
                LeasePolicy.parse("static:3/1h", NanoClock.system()), NanoClock.system(), Scheduler.system(),
                new SplittableRandom(seed));
        return backend;
    }

    private HttpResponse<String> get(String id) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + backend.address().getPort() + "/work")).timeout(Duration.ofSeconds(5));
        if (id != null) {
            request.header(LeaseWire.LEASE_ID, id);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** The requester's side of the stream: a raw socket, so the test reads each lease line as it comes. */
    private static final class Stream implements AutoCloseable {
        final Socket socket = new Socket();
        final BufferedReader in;

        Stream(int port) throws IOException {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
            socket.setSoTimeout(5_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + LeaseWire.STREAM_PATH + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));
            String line;
            while (!(line = in.readLine()).isEmpty()) {
                if (line.startsWith("HTTP/1.1")) {
                    assertThat(line).startsWith("HTTP/1.1 200");
                }
            }
        }

        /** Returns the next lease; null when the responder closed the stream. */
        LeaseFrame next() throws IOException {
            String size = in.readLine(); // chunk size
            if (size == null || size.equals("0")) {
                return null;
            }
            LeaseFrame frame = LeaseFrame.parse(in.readLine());
            in.readLine(); // the chunk's CRLF
            return frame;
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    @Test
    void grantsALeaseOnTheStreamBeforeAnyRequestAndRefusesWhatIsOverIt() throws Exception {
        start(0, 1);
        try (Stream stream = new Stream(backend.address().getPort())) {
            LeaseFrame lease = stream.next();
            assertThat(lease.allowedRequests()).isEqualTo(3);
            assertThat(lease.ttlMillis()).isEqualTo(3_960_000L); // the period and 10 % of grace
            for (int i = 2; i >= 0; i--) {
                HttpResponse<String> ok = get(lease.id());
                assertThat(ok.statusCode()).isEqualTo(200);
                assertThat(LeaseFrame.parse(ok.headers().firstValue(LeaseWire.LEASE).orElseThrow()).remaining())
                        .isEqualTo(i);
            }
            HttpResponse<String> over = get(lease.id());
            assertThat(over.statusCode()).isEqualTo(503);
            assertThat(over.headers().firstValue(LeaseWire.REASON)).contains("lease-exhausted");
            assertThat(over.headers().firstValue("Retry-After")).isPresent();
            assertThat(backend.accepted()).isEqualTo(3);
            assertThat(backend.rejected()).isEqualTo(1);
        }
    }

    @Test
    void aRequesterWithoutLeasesSharesOneLeaseAndLearnsItFromTheHeader() throws Exception {
        start(0, 1);
        LeaseFrame first = LeaseFrame.parse(get(null).headers().firstValue(LeaseWire.LEASE).orElseThrow());
        assertThat(first.allowedRequests()).isEqualTo(3);
        assertThat(first.remaining()).isEqualTo(2);
        get(null);
        get(null);
        HttpResponse<String> over = get(null);
        assertThat(over.statusCode()).isEqualTo(503);
        assertThat(over.body()).isEqualTo("lease-exhausted\n");
    }

    @Test
    void anUnknownSessionIsExpired() throws Exception {
        start(0, 1);
        HttpResponse<String> response = get("nobody-1");
        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.headers().firstValue(LeaseWire.REASON)).contains("lease-expired");
        assertThat(response.headers().firstValue("Retry-After")).contains("1");
    }

    @Test
    void aRestartEndsTheStreamAndTheOldLeaseNoLongerAdmits() throws Exception {
        start(0, 1);
        int port = backend.address().getPort();
        String oldId;
        try (Stream stream = new Stream(port)) {
            oldId = stream.next().id();
            assertThat(get(oldId).statusCode()).isEqualTo(200);
            backend.close();
            assertThat(stream.next()).isNull();
        }
        start(port, 2);
        assertThat(get(oldId).headers().firstValue(LeaseWire.REASON)).contains("lease-expired");
        try (Stream stream = new Stream(port)) {
            String newId = stream.next().id();
            assertThat(newId).isNotEqualTo(oldId);
            assertThat(get(newId).statusCode()).isEqualTo(200);
        }
    }

    @Test
    void aClosedStreamEndsItsSession() throws Exception {
        start(0, 1);
        String id;
        try (Stream stream = new Stream(backend.address().getPort())) {
            id = stream.next().id();
            assertThat(backend.openSessions()).isEqualTo(1);
        }
        // the responder forgets the session when it sees the close; a request after it is expired
        for (int attempt = 0; attempt < 1000 && backend.openSessions() > 0; attempt++) {
            get("probe-" + attempt); // each real round trip gives the close time to arrive
        }
        assertThat(backend.openSessions()).isZero();
        assertThat(get(id).headers().firstValue(LeaseWire.REASON)).contains("lease-expired");
    }

    @Test
    void badValuesAreOneLine() {
        assertThatThrownBy(() -> LeasePolicy.parse("static:100", NanoClock.system()))
                .hasMessage("--lease must be static:N/TTL (e.g. static:100/1s) or adaptive:TARGET (e.g. adaptive:20ms) "
                        + "but was 'static:100'");
        assertThatThrownBy(() -> LeasePolicy.parse("adaptive:fast", NanoClock.system()))
                .hasMessage("--lease latency target must be a positive duration like 10s, 250ms or 500us but was fast");
        assertThatThrownBy(() -> DelayTable.parse("--saturable", "10=>2;5=>3;=>9"))
                .hasMessageStartingWith("--saturable must be steps 'count=>ms' separated by ';', counts increasing");
    }
}
