package io.tailguard.proxy.differential;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Not thread-safe: reads responses off a client socket as a strict client would. A status line that
 * is not {@code HTTP/1.x NNN ...} or a header line without a colon is {@link Seen#GARBAGE}; bodies are
 * framed by Content-Length, chunked coding, or the end of the connection; HEAD, 1xx, 204 and 304
 * answers have none. A good head whose body ends early, or 1xx answers and then the end, is
 * {@link Seen#TRUNCATED}.
 */
final class ResponseReader {

    private static final Pattern STATUS_LINE = Pattern.compile("HTTP/1\\.[01] [0-9]{3}( .*)?");
    private static final int MAX_BODY_BYTES = 4 << 20;

    private final InputStream in;
    private final ByteArrayOutputStream raw = new ByteArrayOutputStream();
    private boolean ended;
    private boolean truncated;

    ResponseReader(InputStream in) {
        this.in = in;
    }

    /** True once the connection ended (end of stream, reset or garbage). */
    boolean ended() {
        return ended;
    }

    /** Reads the final answer to a request with {@code method}, and the 1xx answers before it. */
    Seen read(String method) {
        raw.reset();
        List<Integer> interim = new ArrayList<>();
        try {
            while (true) {
                String statusLine = line(in, raw);
                if (statusLine == null) {
                    ended = true;
                    return Seen.failed(raw.size() == 0 ? Seen.CLOSED : Seen.TRUNCATED, interim, text());
                }
                if (!STATUS_LINE.matcher(statusLine).matches()) {
                    ended = true;
                    return Seen.failed(Seen.GARBAGE, interim, text());
                }
                int status = Integer.parseInt(statusLine.substring(9, 12));
                Map<String, List<String>> headers = headers();
                if (headers == null) {
                    ended = true;
                    return Seen.failed(Seen.GARBAGE, interim, text());
                }
                if (status >= 100 && status < 200 && status != 101) {
                    interim.add(status);
                    continue;
                }
                truncated = false;
                String body = body(method, status, headers);
                if (body == null) {
                    ended = true;
                    return truncated ? new Seen(Seen.TRUNCATED, headers, "", List.copyOf(interim), text())
                            : Seen.failed(Seen.GARBAGE, interim, text());
                }
                return new Seen(status, headers, body, List.copyOf(interim), text());
            }
        } catch (SocketTimeoutException slow) {
            ended = true;
            return Seen.failed(raw.size() == 0 && interim.isEmpty() ? Seen.TIMEOUT : Seen.TRUNCATED, interim, text());
        } catch (SocketException reset) {
            ended = true;
            return Seen.failed(raw.size() == 0 && interim.isEmpty() ? Seen.RESET : Seen.GARBAGE, interim, text());
        } catch (IOException | RuntimeException broken) {
            ended = true;
            return Seen.failed(Seen.GARBAGE, interim, text());
        }
    }

    /** Reads whatever comes until the connection ends or the read timeout passes; "" if nothing. */
    String rest() {
        raw.reset();
        try {
            byte[] buffer = new byte[4096];
            for (int n = in.read(buffer); n > 0; n = in.read(buffer)) {
                raw.write(buffer, 0, n);
            }
        } catch (IOException endedOrSlow) {
            // a reset or the timeout: what came before it is the answer
        }
        ended = true;
        return text();
    }

    private Map<String, List<String>> headers() throws IOException {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String line = line(in, raw); ; line = line(in, raw)) {
            if (line == null) {
                return null;
            }
            if (line.isEmpty()) {
                return headers;
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                return null;
            }
            headers.computeIfAbsent(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(line.substring(colon + 1).trim());
        }
    }

    /** The body, or null if its framing cannot be read. */
    private String body(String method, int status, Map<String, List<String>> headers) throws IOException {
        if ("HEAD".equals(method) || status == 204 || status == 304) {
            return "";
        }
        List<String> codings = headers.getOrDefault("transfer-encoding", List.of());
        if (!codings.isEmpty()) {
            return codings.size() == 1 && codings.get(0).equalsIgnoreCase("chunked") ? chunked() : null;
        }
        List<String> lengths = headers.getOrDefault("content-length", List.of());
        if (lengths.size() > 1 || lengths.size() == 1 && !lengths.get(0).matches("[0-9]{1,7}")) {
            return null;
        }
        if (lengths.size() == 1) {
            int length = Integer.parseInt(lengths.get(0));
            byte[] body = in.readNBytes(length);
            raw.write(body);
            truncated = body.length < length;
            return truncated ? null : new String(body, StandardCharsets.ISO_8859_1);
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        for (int n = in.read(buffer); n > 0 && body.size() < MAX_BODY_BYTES; n = in.read(buffer)) {
            body.write(buffer, 0, n);
        }
        raw.write(body.toByteArray());
        ended = true;
        return body.toString(StandardCharsets.ISO_8859_1);
    }

    private String chunked() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String size = line(in, raw);
            truncated = size == null;
            if (size == null || !size.matches("[0-9a-fA-F]{1,7}(;.*)?")) {
                return null;
            }
            int length = Integer.parseInt(size.split(";")[0], 16);
            if (length == 0) {
                for (String trailer = line(in, raw); trailer != null && !trailer.isEmpty(); trailer = line(in, raw)) {
                    if (body.size() > MAX_BODY_BYTES) {
                        return null;
                    }
                }
                return body.toString(StandardCharsets.ISO_8859_1);
            }
            byte[] chunk = in.readNBytes(length);
            raw.write(chunk);
            body.write(chunk);
            truncated = chunk.length < length;
            if (truncated || !"".equals(line(in, raw))) {
                return null;
            }
        }
    }

    /**
     * Reads a line off {@code in}, adding its bytes to {@code raw}, and returns it without its CRLF (a
     * bare LF also ends it); null at end of stream (a partial line is returned). The recording backend
     * reads request lines with it too.
     *
     * @throws IOException if the line is over {@value #MAX_BODY_BYTES} bytes, or reading fails
     */
    static String line(InputStream in, ByteArrayOutputStream raw) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1) {
            raw.write(b);
            if (b == '\n') {
                String text = line.toString(StandardCharsets.ISO_8859_1);
                return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
            }
            line.write(b);
            if (line.size() > MAX_BODY_BYTES) {
                throw new IOException("line over " + MAX_BODY_BYTES + " bytes");
            }
        }
        return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
    }

    private String text() {
        return raw.toString(StandardCharsets.ISO_8859_1);
    }
}
