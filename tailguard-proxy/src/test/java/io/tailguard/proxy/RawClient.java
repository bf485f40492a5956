package io.tailguard.proxy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Not thread-safe: a client on a raw socket, so tests can send exactly the bytes they mean
 * (malformed, slow, smuggling attempts) and read exactly what comes back. Reads give up after 5 s.
 */
final class RawClient implements AutoCloseable {

    /** A parsed response ({@code version} as in the status line); {@code status} -1 means the connection closed with no response. */
    record Response(int status, Map<String, String> headers, String body, String version) {
        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    RawClient(InetSocketAddress address) throws IOException {
        socket = new Socket(address.getAddress(), address.getPort());
        socket.setSoTimeout(5_000);
        in = socket.getInputStream();
        out = socket.getOutputStream();
    }

    RawClient send(String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        return this;
    }

    /** Sends a GET with keep-alive. */
    RawClient get(String path, String... extraHeaders) throws IOException {
        StringBuilder request = new StringBuilder("GET " + path + " HTTP/1.1\r\nHost: test\r\n");
        for (String header : extraHeaders) {
            request.append(header).append("\r\n");
        }
        return send(request.append("\r\n").toString());
    }

    /** Reads one response head only (for HEAD requests, whose length describes no body). */
    Response readHead() throws IOException {
        return read(false);
    }

    /** Reads one response (Content-Length or chunked body). */
    Response read() throws IOException {
        return read(true);
    }

    private Response read(boolean withBody) throws IOException {
        String statusLine = line();
        if (statusLine == null) {
            return new Response(-1, Map.of(), "", "");
        }
        String version = statusLine.split(" ")[0];
        int status = Integer.parseInt(statusLine.split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line = line(); line != null && !line.isEmpty(); line = line()) {
            int colon = line.indexOf(':');
            headers.merge(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim(),
                    (a, b) -> a + ", " + b);
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        if (!withBody || status == 100) {
            return new Response(status, headers, "", version);
        }
        if (headers.containsKey("content-length")) {
            body.write(in.readNBytes(Integer.parseInt(headers.get("content-length"))));
        } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            for (int size = Integer.parseInt(line().trim(), 16); size > 0; size = Integer.parseInt(line().trim(), 16)) {
                body.write(in.readNBytes(size));
                line();
            }
            line();
        }
        return new Response(status, headers, body.toString(StandardCharsets.UTF_8), version);
    }

    /** Reads every byte until the server closes the connection. */
    byte[] readToEnd() throws IOException {
        return in.readAllBytes();
    }

    /** True if the server closed its side in order (end of stream); a reset throws instead. */
    boolean closedInOrder() throws IOException {
        return in.read() == -1;
    }

    /** True if the server closed the connection (reads end of stream). */
    /** True if the server closes within {@code wait}; false if the connection is still open then. */
    boolean closedByServerWithin(java.time.Duration wait) throws IOException {
        int before = socket.getSoTimeout();
        socket.setSoTimeout((int) wait.toMillis());
        try {
            return closedByServer();
        } catch (java.net.SocketTimeoutException stillOpen) {
            return false;
        } finally {
            socket.setSoTimeout(before);
        }
    }

    boolean closedByServer() throws IOException {
        try {
            return in.read() == -1;
        } catch (java.net.SocketException reset) {
            return true;
        }
    }

    private String line() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1) {
            if (b == '\n') {
                String text = bytes.toString(StandardCharsets.ISO_8859_1);
                return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
            }
            bytes.write(b);
        }
        return bytes.size() == 0 ? null : bytes.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    /** Closes each of {@code clients} that was opened (a test that failed midway leaves nulls). */
    static void closeAll(RawClient... clients) throws IOException {
        for (RawClient client : clients) {
            if (client != null) {
                client.close();
            }
        }
    }
}
